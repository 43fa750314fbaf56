import { describe, expect, it } from 'vitest';
import { customProfile } from './custom-weights';
import { profileByName } from './profiles';
import { scoreProfile } from './profile-score';
import { rankWorkloads } from './rank';
import { makeRow, samplesAround } from './test-support/make-row';

describe('scoreProfile', () => {
  it('scores by the weighted geometric mean of time ratios against the fastest', () => {
    // small-file-read: a 2 s, b 1 s → ratios a 2, b 1. dd-write: a 1 s, b 4 s → ratios a 1, b 4.
    // Weights small-file-read 3, dd-write 1 (shares 0.75 / 0.25):
    //   a = exp(0.75·ln 2 + 0.25·ln 1) = 2^0.75 = 1.6817928…
    //   b = exp(0.75·ln 1 + 0.25·ln 4) = 4^0.25 = 1.4142136…
    const rows = [
      makeRow({ variant: 'a', workload: 'small-file-read', samples: samplesAround(2) }),
      makeRow({ variant: 'b', workload: 'small-file-read', samples: samplesAround(1) }),
      makeRow({ variant: 'a', workload: 'dd-write', samples: samplesAround(1) }),
      makeRow({ variant: 'b', workload: 'dd-write', samples: samplesAround(4) }),
    ];
    const result = scoreProfile(rankWorkloads(rows), customProfile({ 'small-file-read': 3, 'dd-write': 1 }));
    expect(result.weights).toEqual({ 'small-file-read': 0.75, 'dd-write': 0.25 });
    expect(result.scores.map((s) => [s.backend.key, s.place])).toEqual([
      ['docker-engine/b/bind', 1],
      ['docker-engine/a/bind', 2],
    ]);
    expect(result.scores[0].score).toBeCloseTo(1.4142135624, 9);
    expect(result.scores[1].score).toBeCloseTo(1.6817928305, 9);
  });

  it('ranks apart, with the reason, a backend missing a weighted workload instead of scoring it as fast', () => {
    const rows = [
      makeRow({ variant: 'a', workload: 'small-file-read', samples: samplesAround(1) }),
      makeRow({ variant: 'a', workload: 'dd-write', samples: samplesAround(1) }),
      // b is the fastest on what it ran, but never ran dd-write.
      makeRow({ variant: 'b', workload: 'small-file-read', samples: samplesAround(0.5) }),
    ];
    const result = scoreProfile(rankWorkloads(rows), customProfile({ 'small-file-read': 1, 'dd-write': 1 }));
    expect(result.scores.map((s) => s.backend.key)).toEqual(['docker-engine/a/bind']);
    expect(result.unscored).toEqual([
      expect.objectContaining({
        missing: ['dd-write'],
        reason: 'not measured on dd-write (50 % of the profile)',
      }),
    ]);
  });

  it('scores nothing, and says what is missing, when the profile weighs nothing that was measured', () => {
    const rows = [makeRow({ workload: 'dd-write', samples: samplesAround(1) })];
    const result = scoreProfile(rankWorkloads(rows), profileByName('static-site'));
    expect(result.scores).toEqual([]);
    expect(result.unscored).toEqual([]);
    expect(result.unmeasured).toContain('site-build');
  });
});
