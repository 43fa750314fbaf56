import { describe, expect, it } from 'vitest';
import { sampleRun, sampleWorkloadResult } from '../../core/store/test-support/run-fixture';
import { raceLines } from './race-text';

function run(outcome: 'decided' | 'cap') {
  const fast = sampleWorkloadResult();
  const slow = {
    ...sampleWorkloadResult(),
    backend: {
      ...fast.backend,
      id: 'docker-desktop/gRPC-FUSE/bind',
      variant: 'gRPC-FUSE',
      label: 'FUSE bind',
    },
  };
  return sampleRun({
    results: [fast, slow],
    race: {
      rule: { minSamples: 5, maxSamples: 30, alpha: 0.05, perLookAlpha: 0.05 / 26, tieMargin: 0.05 },
      workloads: [
        {
          workloadKey: 'small-file-read',
          role: 'source-tree',
          rounds: outcome === 'decided' ? 5 : 30,
          outcome,
          exits:
            outcome === 'decided'
              ? [
                  {
                    backendId: 'docker-desktop/gRPC-FUSE/bind',
                    round: 5,
                    reason: 'slower',
                    slowerThan: fast.backend.id,
                  },
                ]
              : [
                  { backendId: 'docker-desktop/gRPC-FUSE/bind', round: 30, reason: 'cap' },
                  { backendId: fast.backend.id, round: 30, reason: 'cap' },
                ],
          comparisons: [
            {
              a: 'docker-desktop/gRPC-FUSE/bind',
              b: fast.backend.id,
              ratio: outcome === 'decided' ? 4.6 : 1.04,
              low: outcome === 'decided' ? 3.9 : 0.9,
              high: outcome === 'decided' ? 5.4 : 1.2,
              decided: outcome === 'decided',
            },
          ],
        },
      ],
    },
  });
}

describe('raceLines', () => {
  it('says who left when, and each comparison with its interval', () => {
    const text = raceLines(run('decided')).join('\n');
    expect(text).toContain(
      'small-file-read · source tree (host and container both edit it): decided after 5 rounds',
    );
    expect(text).toContain(
      'FUSE bind left after round 5: slower than Docker Desktop, VZ + VirtioFS, bind mount',
    );
    expect(text).toContain(
      'FUSE bind takes 4.60 × (3.90 … 5.40) as long as Docker Desktop, VZ + VirtioFS, bind mount: decided',
    );
    expect(text).not.toContain('keep measuring');
  });

  it('says plainly what the cap left open and how to keep measuring', () => {
    const text = raceLines(run('cap')).join('\n');
    expect(text).toContain('STOPPED AT THE CAP without calling a difference after 30 rounds');
    expect(text).toContain(
      '1.04 × (0.90 … 1.20) as long as Docker Desktop, VZ + VirtioFS, bind mount: not decided yet',
    );
    expect(text).toContain(
      'mountbench run --engine desktop-linux --variant vz-virtiofs,gRPC-FUSE --mount bind --workload small-file-read ' +
        '--backend docker-desktop/gRPC-FUSE/bind,docker-desktop/vz-virtiofs/bind --size quick --race --min-runs 5 ' +
        '--max-runs 30 --warmup 2 --image busybox:1.36.1',
    );
    expect(text).toContain('or run again with a larger --max-runs or a longer --budget.');
  });

  it("says a tie's comparisons are equivalent, with the intervals it was read off", () => {
    const tied = run('cap');
    const race = tied.race!;
    const [c] = race.workloads[0].comparisons;
    race.workloads[0] = {
      ...race.workloads[0],
      outcome: 'tied',
      rounds: 9,
      comparisons: [{ ...c, ratio: 1.01, low: 0.97, high: 1.04 }],
    };
    const text = raceLines(tied).join('\n');
    expect(text).toContain(
      '1.01 × (0.97 … 1.04) as long as Docker Desktop, VZ + VirtioFS, bind mount: equivalent',
    );
    expect(text).toContain("(each pair's two one-sided tests at that level)");
    expect(text).not.toContain('not decided yet');
  });

  it('prints nothing for a run that did not race', () => {
    expect(raceLines(sampleRun())).toEqual([]);
  });

  it('says a futile race cannot tell the backends apart at its size, and offers no keep-measuring', () => {
    const futile = run('cap');
    const race = futile.race!;
    race.workloads[0] = { ...race.workloads[0], outcome: 'futile', resolvable: 1.12, rounds: 7 };
    const text = raceLines(futile).join('\n');
    expect(text).toContain(
      'small-file-read · source tree (host and container both edit it): CANNOT TELL APART at this size after 7 rounds',
    );
    expect(text).toMatch(
      /^ {2}Cannot tell the backends apart at \w+ size \(small-file-read\): differences under about 12 % are below what it can see/m,
    );
    expect(text).not.toContain('To keep measuring');
  });
});
