import { describe, expect, it } from 'vitest';
import type { RunFile } from '../../../shared/result-schema';
import { withinDrift } from '../test-support/within-drift';
import { runFileOf } from '../test-support/fake-api';
import { QUICK_RUN_RECOMMENDATIONS } from '../test-support/recorded-api-data';
import { QUICK_RUN } from '../test-support/recorded-runs';
import { countsLine, countsNote, isoDate, presetOfRun } from './run-provenance';
import { raceInterval, verdictOf } from './verdict';

const run = runFileOf(QUICK_RUN);
const railsPhp = QUICK_RUN_RECOMMENDATIONS['rails-php'][0];
const NATIVE = 'docker-engine/native/bind';
const FUSE = 'docker-engine/fuse/bind';

/** The recorded run, as if it had raced native against FUSE on dd-write with this outcome. */
function raced(outcome: 'decided' | 'budget' | 'futile', decided: boolean): RunFile {
  return {
    ...run,
    race: {
      rule: { minSamples: 3, maxSamples: 30, alpha: 0.05, perLookAlpha: 0.002, tieMargin: 0.05 },
      workloads: [
        {
          workloadKey: 'dd-write',
          role: 'source-tree',
          rounds: 5,
          outcome,
          ...(outcome === 'futile' ? { resolvable: 1.12 } : {}),
          exits: [],
          // FUSE / native, as the race stores it (a over b).
          comparisons: [{ a: NATIVE, b: FUSE, ratio: 0.1, low: 0.08, high: 0.125, decided }],
        },
      ],
    },
  };
}

describe('verdictOf', () => {
  it('names the choice and how much longer the next one took, with the race interval oriented the same way', () => {
    const v = verdictOf(raced('decided', true), railsPhp);
    expect(v.state).toBe('decided');
    expect(v.sentence).toMatch(
      /^Use bind mount · native: the next best, bind mount · FUSE share \(bindfs\), took \d+\.\d+ × as long \(Rails\/PHP app\)\.$/,
    );
    expect(v.intervals).toEqual([{ workloadKey: 'dd-write', text: '10.0 × (8.00 … 12.5)', decided: true }]);
  });

  it('says "not decided yet" when a race ran out of its time budget, whatever the ranking says', () => {
    const v = verdictOf(raced('budget', false), railsPhp);
    expect(v.state).toBe('undecided');
    expect(v.sentence).toMatch(/^Not decided yet: bind mount · native leads .*the race on dd-write stopped/);
    expect(v.intervals[0].decided).toBe(false);
  });

  it('calls no tie while a race is open: a spent budget settles nothing, as History says', () => {
    const tie = { ...railsPhp, verdict: 'no-measurable-difference' as const };
    expect(verdictOf(run, tie).state).toBe('tie');
    const v = verdictOf(raced('budget', false), tie);
    expect(v.state).toBe('undecided');
    expect(v.sentence).toMatch(/the race on dd-write stopped before the figures told the backends apart/);
  });

  it('gives no interval for a run that did not race, and no verdict without a recommendation', () => {
    expect(verdictOf(run, railsPhp).intervals).toEqual([]);
    expect(verdictOf(run, null).state).toBe('none');
  });
});

describe('verdictOf with roles and ranking intervals', () => {
  const withRoles = (verdict: typeof railsPhp.verdict) => ({
    ...railsPhp,
    verdict,
    role: 'source-tree' as const,
    roles: [
      {
        role: 'source-tree' as const,
        verdict,
        choice: railsPhp.choice,
        tied: railsPhp.tied,
        reason: '',
        samples: null,
      },
      {
        role: 'container-data' as const,
        verdict: 'winner' as const,
        choice: {
          ...railsPhp.scores[0].backend,
          key: 'docker-engine/native/tmpfs',
          label: 'tmpfs',
          mount: 'tmpfs' as const,
        },
        tied: [],
        reason: '',
        samples: null,
      },
    ],
    rankings: railsPhp.rankings.map((r) => ({
      ...r,
      entries: r.entries.map((e) =>
        e.ratio === 1 ? e : { ...e, interval: { low: e.ratio * 0.9, high: e.ratio * 1.1 } },
      ),
    })),
  });

  it("names the role, the other roles' answers, and falls back to the ranking's interval without a race", () => {
    const v = verdictOf(run, withRoles('winner'));
    expect(v.sentence).toMatch(/^Use bind mount · native for the source tree: /);
    expect(v.otherRoles).toEqual(['Container-only data: tmpfs (fastest, measurably)']);
    expect(v.intervals.length).toBeGreaterThan(0);
    expect(v.intervals[0].text).toMatch(/^\d+(\.\d+)? × \(\d+(\.\d+)? … \d+(\.\d+)?\)$/);
  });

  it("says beside an interval that excludes 1 why it is no measurable difference: the machine's drift", () => {
    const v = verdictOf(run, withRoles('winner'));
    const drifted = verdictOf(run, withinDrift(withRoles('winner'), 1.6));
    expect(drifted.intervals.length).toBeGreaterThan(0);
    expect(drifted.intervals.length).toBe(v.intervals.length);
    for (const i of drifted.intervals)
      expect(i).toMatchObject({
        text: '1.30 × (1.20 … 1.40)',
        decided: false,
        note: "within the machine's drift between settings (1.60×)",
      });
    expect(v.intervals.every((i) => i.note === undefined)).toBe(true);
  });

  it('takes the runner-up within the role: a tmpfs is no alternative for the source tree', () => {
    const rec = withRoles('winner');
    const v = verdictOf(run, {
      ...rec,
      tied: [],
      scores: rec.scores.filter((x) => x.backend.mount !== 'bind' || x.backend.key === rec.choice?.key),
    });
    expect(v.runnerUp).toBeNull();
    expect(v.state).toBe('only');
    expect(v.sentence).toBe(
      'Only option measured for the source tree: bind mount · native, nothing to compare it with.',
    );
    expect(v.sentence).not.toMatch(/fastest/i);
  });

  it('says "not decided yet" when the core says more samples would decide it', () => {
    const v = verdictOf(run, withRoles('not-decided'));
    expect(v.state).toBe('undecided');
    expect(v.sentence).toMatch(/^Not decided yet: .*more samples would decide it\.$/);
  });
});

describe('verdictOf when every other backend of the role is tied with the choice', () => {
  // Both bind backends within the noise of each other: the runner-up is among the tied ones.
  const rec = {
    ...railsPhp,
    tied: railsPhp.scores.filter((x) => x.backend.mount === 'bind').map((x) => x.backend),
  };
  const onlyBinds = (verdict: typeof railsPhp.verdict) => ({
    ...rec,
    verdict,
    scores: rec.scores.filter((x) => x.backend.mount === 'bind'),
  });

  it('is a tie only when the core calls it one and no race is open', () => {
    const v = verdictOf(run, onlyBinds('no-measurable-difference'));
    expect(v.state).toBe('tie');
    expect(v.sentence).toMatch(/^Equivalent( within ±\d+ %)?: use .+, the simplest of 2\.$/);
  });

  it('says "not decided yet" when the intervals are still wide, as History does', () => {
    const v = verdictOf(run, onlyBinds('not-decided'));
    expect(v.state).toBe('undecided');
    expect(v.sentence).toMatch(
      /^Not decided yet between .+: the intervals still allow a difference of more than 5 %: more samples would decide it; .+ is the simplest of them meanwhile\.$/,
    );
    expect(v.runnerUp).not.toBeNull();
    expect(v.runnerUp).not.toBe(v.choice);
  });

  it('says the backends cannot be told apart at this size when the race was futile, not to keep measuring', () => {
    const v = verdictOf(raced('futile', false), onlyBinds('not-decided'));
    expect(v.state).toBe('undecided');
    expect(v.sentence).toMatch(
      /^Not decided yet between .+: cannot tell them apart at Quick size \(dd-write\): differences under about 12 % are below what it can see; Standard size sees finer ones; .+ is the simplest of them meanwhile\.$/,
    );
  });

  it('says "not decided yet" when the race ran out of its time budget, with the race interval', () => {
    const v = verdictOf(raced('budget', false), onlyBinds('no-measurable-difference'));
    expect(v.state).toBe('undecided');
    expect(v.sentence).toMatch(/the race on dd-write stopped before the figures told them apart/);
    expect(v.intervals).toEqual([{ workloadKey: 'dd-write', text: expect.any(String), decided: false }]);
  });
});

describe('run provenance', () => {
  it('names the preset its counts match, the size, the samples and the ISO date', () => {
    // The recorded run took 3 samples without racing: no preset of today makes that.
    expect(presetOfRun(run)).toBeNull();
    expect(countsLine(run)).toBe(
      'counts set by hand · quick size · 1 warm-up + 3–10 timed samples per backend',
    );
    // What "set by hand" means is a note behind "Details"; a run that was not raced says nothing of races.
    expect(countsNote(run)).toMatch(/match none of Setup's presets \(Quick, Standard, Thorough\)/);
    expect(countsNote(run)).not.toContain('race');
    const quick = {
      ...raced('decided', true),
      results: run.results.map((r) => ({ ...r, stats: { ...r.stats, runs: 5 } })),
    };
    expect(presetOfRun(quick)).toBe('Quick');
    expect(countsLine(quick)).toBe(
      'Quick preset · quick size · 1 warm-up + 5 timed samples per backend · each stopped once decided',
    );
    expect(countsNote(quick)).toMatch(/^A race: .*at least 10/);
    expect(isoDate(run.createdAt)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('raceInterval over a sweep', () => {
  it("finds a pair in any setting's race record of the workload, not only the first one's", () => {
    const comparison = (a: string, b: string, ratio: number) => ({
      a,
      b,
      ratio,
      low: ratio - 0.5,
      high: ratio + 0.5,
      decided: true,
    });
    const record = (a: string, b: string, ratio: number) => ({
      workloadKey: 'small-file-read',
      role: 'source-tree' as const,
      rounds: 9,
      outcome: 'decided' as const,
      exits: [],
      comparisons: [comparison(a, b, ratio)],
    });
    const run: RunFile = {
      ...runFileOf(QUICK_RUN),
      race: {
        rule: { minSamples: 3, maxSamples: 30, alpha: 0.05, perLookAlpha: 0.005, tieMargin: 0.05 },
        workloads: [
          record('dd/virtiofs/volume', 'dd/virtiofs/bind', 2),
          record('dd/grpcfuse/volume', 'dd/grpcfuse/bind', 3),
        ],
      },
    };
    expect(raceInterval(run, 'small-file-read', 'dd/grpcfuse/bind', 'dd/grpcfuse/volume')).toEqual({
      ratio: 3,
      low: 2.5,
      high: 3.5,
      decided: true,
    });
    expect(raceInterval(run, 'small-file-read', 'dd/virtiofs/volume', 'dd/virtiofs/bind')?.ratio).toBe(0.5);
  });
});
