// Each role is scored on the workloads its own backends ran: the default plan's sync-latency runs
// only on the bind mount and the host, and must not leave container-only data unanswered.
import { describe, expect, it } from 'vitest';
import { formatRecommendation } from '../../cli/output/recommendation-text';
import { makeRow, samplesAround } from './test-support/make-row';
import { profileByName } from './profiles';
import { recommend } from './recommend';

const rows = [
  makeRow({ mount: 'bind', workload: 'small-file-read', samples: samplesAround(1) }),
  makeRow({ mount: 'bind', workload: 'sync-latency', samples: samplesAround(0.3) }),
  makeRow({ mount: 'host', workload: 'small-file-read', samples: samplesAround(0.5) }),
  makeRow({ mount: 'host', workload: 'sync-latency', samples: samplesAround(0.1) }),
  makeRow({ mount: 'volume', workload: 'small-file-read', samples: samplesAround(0.8) }),
  makeRow({ mount: 'tmpfs', workload: 'small-file-read', samples: samplesAround(0.4) }),
];

describe('a role scored on the workloads its backends ran', () => {
  const rec = recommend(rows, profileByName('balanced'));

  it('answers container-only data without sync-latency, and says so', () => {
    const data = rec.roles?.find((r) => r.role === 'container-data');
    expect(data).toMatchObject({ verdict: 'winner', weighedWithout: ['sync-latency'] });
    expect(data?.choice?.key).toBe('docker-engine/native/tmpfs');
    expect(data?.reason).toMatch(/ Weighed without sync-latency: none of its backends ran it\.$/);
    expect(rec.unscored).toEqual([]);
  });

  it('keeps the source tree on the whole profile', () => {
    const tree = rec.roles?.find((r) => r.role === 'source-tree');
    expect(tree).toMatchObject({ verdict: 'only-option' });
    expect(tree?.weighedWithout).toBeUndefined();
    const bind = rec.scores.find((s) => s.backend.key === 'docker-engine/native/bind');
    expect(bind?.ratios.map((r) => r.workloadKey).sort()).toEqual(['small-file-read', 'sync-latency']);
  });

  it('still ranks apart a backend missing a workload the rest of its role ran', () => {
    const partial = recommend(
      [...rows, makeRow({ mount: 'tmpfs', workload: 'dd-write', samples: samplesAround(0.2) })],
      profileByName('balanced'),
    );
    expect(partial.unscored.map((u) => [u.backend.key, u.missing])).toEqual([
      ['docker-engine/native/volume', ['dd-write']],
    ]);
  });

  it('prints one score table per role in the CLI, each with the workloads it weighed', () => {
    const text = formatRecommendation(rec);
    expect(text).toMatch(/^ {2}Container-only data\n {4}place +backend +score +small-file-read 100 %$/m);
    expect(text).toMatch(
      /^ {2}Source tree\n {4}place +backend +score +small-file-read \d+ % +sync-latency \d+ %$/m,
    );
  });
});
