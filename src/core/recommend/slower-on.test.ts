import { describe, expect, it } from 'vitest';
import type { RankedBackend, WorkloadRanking } from '../../shared/recommendation';
import { slowerOn } from './slower-on';

function entry(key: string, mean: number, stddev = mean * 0.03, runs = 10): RankedBackend {
  return {
    backend: { key, label: key, provider: 'docker-desktop', fileSharing: key, mount: 'bind' },
    mean,
    stddev,
    runs,
    ratio: 1,
    p: null,
    verdict: 'fastest',
    place: 1,
    note: null,
  };
}

const ranking = (workloadKey: string, entries: RankedBackend[]): WorkloadRanking => ({
  workloadKey,
  entries,
  baseline: null,
});

describe('slowerOn', () => {
  const rankings = [
    // The choice (a) is measurably slower than b here, and than c by more.
    ranking('small-file-read', [entry('a', 1.69), entry('b', 1.09), entry('c', 0.9)]),
    // Equal within the noise: not listed.
    ranking('dd-write', [entry('a', 0.5), entry('b', 0.505), entry('c', 0.5)]),
    // Faster here: not listed.
    ranking('metadata-walk', [entry('a', 0.2), entry('b', 0.4), entry('c', 0.4)]),
    // Slower than a backend of another role (not a rival): not listed.
    ranking('large-write', [entry('a', 2), entry('volume', 1)]),
    // Slower, by less than on small-file read: listed after it.
    ranking('site-build', [entry('a', 1.3), entry('b', 1)]),
  ];

  it('lists each workload where the choice is measurably slower than a rival of its role, widest gap first', () => {
    const found = slowerOn('a', ['a', 'b', 'c'], rankings);
    expect(found.map((s) => [s.workloadKey, s.than.key])).toEqual([
      ['small-file-read', 'c'],
      ['site-build', 'b'],
    ]);
    expect(found[0].ratio).toBeCloseTo(1.69 / 0.9, 6);
    expect(found[0].low).toBeGreaterThan(1);
    expect(found[0].high).toBeGreaterThan(found[0].ratio);
  });

  it('says nothing where the choice is slower nowhere, or ran too few times to tell', () => {
    expect(slowerOn('b', ['a', 'b'], [rankings[2]])).toEqual([
      expect.objectContaining({ workloadKey: 'metadata-walk', than: expect.objectContaining({ key: 'a' }) }),
    ]);
    expect(slowerOn('a', ['a', 'b', 'c'], [rankings[1], rankings[2]])).toEqual([]);
    expect(
      slowerOn(
        'a',
        ['a', 'b'],
        [ranking('small-file-read', [entry('a', 2, null as never, 1), entry('b', 1)])],
      ),
    ).toEqual([]);
  });
});
