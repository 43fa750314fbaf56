import { describe, expect, it } from 'vitest';
import type { RaceSummary, RunFile, WorkloadResult } from '../../shared/result-schema';
import { sampleRun, sampleWorkloadResult } from '../store/test-support/run-fixture';
import { mergeRuns } from './merge-runs';

const RULE: RaceSummary['rule'] = {
  minSamples: 3,
  maxSamples: 30,
  alpha: 0.05,
  perLookAlpha: 0.005,
  tieMargin: 0.05,
};

function resultOn(variant: string, mount: 'bind' | 'volume'): WorkloadResult {
  const base = sampleWorkloadResult();
  return {
    ...base,
    backend: { ...base.backend, id: `docker-desktop/${variant}/${mount}`, variant, mount },
  };
}

/** One setting's run that raced its bind mount against its volume on small-file-read. */
function variantRun(variant: string, outcome: 'decided' | 'cap'): RunFile {
  return sampleRun({
    results: [resultOn(variant, 'bind'), resultOn(variant, 'volume')],
    race: {
      rule: RULE,
      workloads: [
        {
          workloadKey: 'small-file-read',
          role: 'source-tree',
          rounds: 9,
          outcome,
          exits: [],
          comparisons: [
            {
              a: `docker-desktop/${variant}/bind`,
              b: `docker-desktop/${variant}/volume`,
              ratio: 2,
              low: 1.5,
              high: 2.5,
              decided: outcome === 'decided',
            },
          ],
        },
      ],
    },
    skipped: [
      { backendId: `docker-desktop/${variant}/volume`, workloadId: 'sync-latency', reason: 'a volume' },
    ],
  });
}

describe('mergeRuns', () => {
  it("keeps every setting's race record, its results and skips, under one rule", () => {
    const merged = mergeRuns(
      'sweep-1',
      [variantRun('vz-virtiofs', 'decided'), variantRun('vz-grpcfuse', 'cap')],
      [],
      false,
    );
    expect(merged?.results.map((r) => r.backend.id)).toEqual([
      'docker-desktop/vz-virtiofs/bind',
      'docker-desktop/vz-virtiofs/volume',
      'docker-desktop/vz-grpcfuse/bind',
      'docker-desktop/vz-grpcfuse/volume',
    ]);
    expect(merged?.race?.rule).toEqual(RULE);
    expect(merged?.race?.workloads.map((w) => [w.comparisons[0].a, w.outcome])).toEqual([
      ['docker-desktop/vz-virtiofs/bind', 'decided'],
      ['docker-desktop/vz-grpcfuse/bind', 'cap'],
    ]);
    expect(merged?.skipped?.map((s) => s.backendId)).toEqual([
      'docker-desktop/vz-virtiofs/volume',
      'docker-desktop/vz-grpcfuse/volume',
    ]);
  });

  it('keeps a later setting’s race when the first setting did not race, and adds none when no setting raced', () => {
    const plain = sampleRun({ results: [resultOn('vz-virtiofs', 'bind')] });
    const merged = mergeRuns('sweep-2', [plain, variantRun('vz-grpcfuse', 'decided')], [], false);
    expect(merged?.race?.workloads).toHaveLength(1);
    expect(mergeRuns('sweep-3', [plain, plain], [], false)).not.toHaveProperty('race');
  });

  it('works the npm-layout verdict out again over every setting, never keeping the first one alone', () => {
    const firstSaid = {
      ...variantRun('vz-virtiofs', 'decided'),
      npmLayouts: { stale: true } as unknown as RunFile['npmLayouts'],
    };
    const merged = mergeRuns('sweep-4', [firstSaid, variantRun('vz-grpcfuse', 'decided')], [], false);
    // Neither run measured npm-install, so no layout verdict can stand over the merged results.
    expect(merged).not.toHaveProperty('npmLayouts');
  });
});
