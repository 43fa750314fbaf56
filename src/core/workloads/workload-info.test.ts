import { describe, expect, it } from 'vitest';
import { estimateRun } from '../../shared/estimate';
import { largeWrite } from './large-write';
import { allWorkloads, workloadById } from './registry';
import { siteBuild } from './site-build';
import { smallFileRead } from './small-file-read';
import { workloadInfo } from './workload-info';

describe('each workload describes its own sizes', () => {
  it('in the words Setup shows', () => {
    expect(smallFileRead.sizeWords(smallFileRead.sizes.default)).toBe('20,000 files × 5 KiB');
    expect(largeWrite.sizeWords(largeWrite.sizes.default)).toBe('5 files × 100 MB');
    expect(siteBuild.sizeWords(siteBuild.sizes.default)).toBe('3,600 pages + 400 assets (804 MB)');
    expect(workloadInfo(workloadById('sync-latency')).sizeWords).toEqual({
      default: '50 edits',
      quick: '10 edits',
    });
  });

  it('with a cost that grows with the size, and cases as the runner counts them', () => {
    const counts = { runs: 3, warmup: 1 };
    for (const w of allWorkloads()) {
      const info = [workloadInfo(w)];
      const quick = estimateRun(info, ['bind'], { ...counts, size: 'quick' }).seconds;
      expect(quick, w.id).toBeLessThan(estimateRun(info, ['bind'], { ...counts, size: 'default' }).seconds);
    }
    expect(workloadInfo(workloadById('buffered-read')).cost.default.cases).toBe(2);
    expect(workloadInfo(workloadById('sync-latency')).cost.default.fixedRuns).toBe(50);
  });
});
