// One verdict per role, true to the table: a backend alone in its role is its only option, never
// its fastest, and "winner" is said only of a backend placed first in its role's scores and
// measurably ahead of every rival there (over many seeded runs).
import { describe, expect, it } from 'vitest';
import type { MountKind } from '../../shared/ids';
import { roleOf } from '../../shared/mounts';
import { seededRandom } from '../../shared/seeded-random';
import { compareTimes } from '../stats/significance';
import { profileByName } from './profiles';
import { recommend } from './recommend';
import { makeRow } from './test-support/make-row';

function noisy(random: () => number, centre: number, spread: number, n: number): number[] {
  return Array.from({ length: n }, () => centre * (1 + spread * (random() * 2 - 1)));
}

describe('the answer per role', () => {
  // The project run of issue 19: tmpfs 2.3 × faster than the only bind mount, a volume between.
  const random = seededRandom(7);
  const rows = [
    makeRow({
      mount: 'bind',
      label: 'bind mount · native',
      workload: 'small-file-read',
      samples: noisy(random, 2.3, 0.05, 10),
    }),
    makeRow({
      mount: 'tmpfs',
      label: 'tmpfs',
      workload: 'small-file-read',
      samples: noisy(random, 1, 0.05, 10),
    }),
    makeRow({
      mount: 'volume',
      label: 'named volume',
      workload: 'small-file-read',
      samples: noisy(random, 1.6, 0.05, 10),
    }),
  ];
  const rec = recommend(rows, profileByName('balanced'));

  it('answers for the source tree with its only option, never with tmpfs or a volume', () => {
    expect(rec.role).toBe('source-tree');
    expect(rec.verdict).toBe('only-option');
    expect(rec.choice?.label).toBe('bind mount · native');
    expect(rec.reason).toMatch(/only backend measured for the source tree/);
    expect(rec.reason).not.toMatch(/is fastest/);
  });

  it('crowns tmpfs for container-only data, measurably ahead of the volume', () => {
    const data = rec.roles?.find((r) => r.role === 'container-data');
    expect(data?.verdict).toBe('winner');
    expect(data?.choice?.label).toBe('tmpfs');
    expect(rec.roles?.find((r) => r.role === 'source-tree')?.verdict).toBe('only-option');
  });

  it('never says "winner" of a backend its role ranks below another, over many seeded runs', () => {
    const rand = seededRandom(2026);
    const mounts: MountKind[] = ['bind', 'mutagen', 'volume', 'tmpfs', 'layer'];
    const workloads = ['small-file-read', 'dd-write', 'metadata-walk'];
    let winners = 0;
    let onlyOptions = 0;
    for (let trial = 0; trial < 300; trial++) {
      const chosen = mounts.filter(() => rand() < 0.6);
      if (chosen.length === 0) continue;
      const rowsOf = chosen.flatMap((mount) => {
        const speed = 1 + rand() * 1.5;
        const n = 3 + Math.floor(rand() * 10);
        const spread = 0.02 + rand() * 0.4;
        return workloads.map((workload) =>
          makeRow({
            mount,
            label: mount,
            workload,
            samples: noisy(rand, speed * (0.8 + rand() * 0.4), spread, n),
          }),
        );
      });
      const r = recommend(rowsOf, profileByName('balanced'));
      for (const answer of r.roles ?? []) {
        const own = r.scores.filter((s) => roleOf(s.backend.mount) === answer.role);
        expect(answer.verdict === 'only-option').toBe(own.length === 1);
        if (answer.verdict === 'only-option') onlyOptions += 1;
        if (answer.verdict !== 'winner') continue;
        winners += 1;
        // First in its role's table...
        expect(answer.choice?.key).toBe(own[0].backend.key);
        expect(own.every((s) => s.score >= own[0].score)).toBe(true);
        // ...and measurably ahead of every rival of its role on some weighted workload.
        for (const rival of own.slice(1)) {
          const behind = r.rankings.some((ranking) => {
            const a = ranking.entries.find((e) => e.backend.key === rival.backend.key);
            const b = ranking.entries.find((e) => e.backend.key === answer.choice?.key);
            return a && b && compareTimes(a, b).verdict === 'slower';
          });
          expect(behind).toBe(true);
        }
      }
    }
    expect(winners).toBeGreaterThan(20);
    expect(onlyOptions).toBeGreaterThan(20);
  });
});
