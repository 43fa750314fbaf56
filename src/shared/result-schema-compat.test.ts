import { describe, expect, it } from 'vitest';
import { runFileSchema as beforeRacing } from '../../test/fixtures/old-readers/result-schema-before-racing';
import { sampleRun, sampleWorkloadResult } from '../core/store/test-support/run-fixture';
import { parseRunFileText } from '../core/store/parse-run-file';
import { runFileSchema, type RunFile } from './result-schema';

/** A racing run as the runner writes it: every field added for racing filled in. */
function racingRun(): RunFile {
  const bind = sampleWorkloadResult();
  const host = {
    ...sampleWorkloadResult(),
    backend: { id: 'host', provider: null, variant: null, mount: 'host' as const, label: 'host' },
    hostTools: 'BusyBox from the bench image busybox:1.36.1',
    baselineCheck: { against: bind.backend.id, ratio: 1.01, low: 0.95, high: 1.08, agrees: true },
  };
  delete bind.stop;
  return sampleRun({
    results: [
      { ...bind, order: 'interleaved', race: { round: 5, reason: 'leader' } },
      { ...host, order: 'interleaved', race: { round: 5, reason: 'baseline' } },
    ],
    race: {
      rule: { minSamples: 5, maxSamples: 30, alpha: 0.05, perLookAlpha: 0.05 / 26, tieMargin: 0.05 },
      budgetSeconds: 600,
      workloads: [
        {
          workloadKey: 'small-file-read',
          role: 'source-tree',
          rounds: 5,
          outcome: 'decided',
          exits: [
            {
              backendId: 'docker-desktop/grpcfuse/bind',
              round: 5,
              reason: 'slower',
              slowerThan: bind.backend.id,
            },
            { backendId: bind.backend.id, round: 5, reason: 'leader' },
          ],
          comparisons: [
            {
              a: bind.backend.id,
              b: 'docker-desktop/grpcfuse/bind',
              ratio: 0.2,
              low: 0.15,
              high: 0.27,
              decided: true,
            },
          ],
        },
      ],
    },
  });
}

describe('result files across Mountbench versions', () => {
  it('a racing run is valid for this version and keeps its race record', () => {
    const parsed = runFileSchema.parse(racingRun());
    expect(parsed.race?.workloads[0].exits[0]).toMatchObject({ reason: 'slower', round: 5 });
    expect(parsed.results[1].baselineCheck?.agrees).toBe(true);
  });

  it('opens in the Mountbench from before racing, which drops what it does not know', () => {
    const parsed = beforeRacing.safeParse(JSON.parse(JSON.stringify(racingRun())));
    expect(parsed.success).toBe(true);
    if (parsed.success) {
      expect('race' in parsed.data).toBe(false);
      expect(parsed.data.results[0].stats.samples).toEqual(racingRun().results[0].stats.samples);
    }
  });

  it('reads files written before racing', () => {
    expect(runFileSchema.safeParse(sampleRun()).success).toBe(true);
  });

  it('refuses a file of a newer format version with a message that says to update', () => {
    expect(() => parseRunFileText(JSON.stringify({ ...racingRun(), version: 2 }), 'colleague.json')).toThrow(
      /written by a newer Mountbench \(format version 2; this version reads up to 1\)\. Update Mountbench/,
    );
  });
});
