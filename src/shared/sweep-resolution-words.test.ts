// A sweep's settings that showed no difference, with intervals too wide to call them equivalent,
// are worded the same way in every view: "no measurable difference within what this sweep can
// resolve", with how large a difference could still hide; never "equivalent", never "keep
// measuring" (a sweep cannot sample on across a restart). From the recommendation on seeded figures.
import { describe, expect, it } from 'vitest';
import { profileByName } from '../core/recommend/profiles';
import { recommend } from '../core/recommend/recommend';
import { makeRow } from '../core/recommend/test-support/make-row';
import { formatRecommendation } from '../cli/output/recommendation-text';
import { recommendPerRole } from '../cli/output/role-recommendations';
import { runSummaryLines } from '../cli/output/run-summary-text';
import { roleAnswerLine, tieDrift, tieWords, verdictHeadline, winnerState } from './verdict-words';

/** A bind mount's Quick metadata-walk row of this product's variant. */
const bindRow = (provider: 'docker-desktop' | 'docker-engine', variant: string, samples: number[]) =>
  makeRow({
    provider,
    variant,
    label: `bind mount · ${variant}`,
    workload: 'metadata-walk',
    size: 'quick',
    samples,
  });

// Two settings of a sweep, each measured beside its control (the host baseline).
const setting = (variant: string, samples: number[]) => ({
  ...bindRow('docker-desktop', variant, samples),
  control: { mean: 0.05, stddev: 0.001, runs: 10, fsType: 'apfs' },
});
const ROWS = [setting('vz', [0.8, 1.1, 0.95, 1.25]), setting('qemu', [0.9, 1.3, 1.05, 1.2])];

describe('a sweep tie below what the sweep could see, in words', () => {
  const rec = recommend(ROWS, profileByName('balanced'));
  const answer = rec.roles![0];
  const percent = Math.round((answer.resolution!.factor - 1) * 100);

  it('names the tie with what the sweep could miss, on the card and the strip', () => {
    expect(tieWords(answer)).toBe(
      `No measurable difference within what this sweep can resolve (about ${percent} %)`,
    );
    expect(verdictHeadline(answer.verdict, answer.role, answer)).toBe(
      `No measurable difference within what this sweep can resolve (about ${percent} %): the simplest is chosen; a Standard sweep sees finer differences`,
    );
  });

  it('keeps it in the History line and the stored winner, never "equivalent"', () => {
    const state = winnerState(answer.verdict, false);
    expect(state).toBe('tie');
    expect(tieDrift(answer, state)).toEqual({ resolution: answer.resolution!.factor });
    expect(roleAnswerLine(answer)).toBe(
      `Source tree: ${answer.choice!.label} (no measurable difference within what this sweep can resolve (about ${percent} %): the simplest)`,
    );
  });

  it('says it in the CLI, in the answer and in the summary', () => {
    expect(formatRecommendation(rec).split('\n')[1]).toMatch(
      new RegExp(
        `^ {2}Use: bind mount · \\w+ \\(no measurable difference from bind mount · \\w+ within what this sweep can resolve \\(about ${percent} %\\)\\)$`,
      ),
    );
    const lines = runSummaryLines(recommendPerRole(ROWS, profileByName('balanced')), { profileGiven: true });
    const line = lines.find((l) => l.startsWith('  source tree:'));
    expect(line).toMatch(
      /no measurable difference from 'bind mount · \w+' within what this sweep can resolve \(about \d+ %\)/,
    );
    expect(lines.join('\n')).not.toMatch(/equivalent|keep measuring|not decided/i);
  });
});

// Two backends of one run that its race left undecided at its cap: nothing in this run can narrow
// their interval, so they are worded as a sweep's are, "within what this run can resolve".
const spent = (variant: string, samples: number[]) => ({
  ...bindRow('docker-engine', variant, samples),
  raceSpent: { race: 'run-1:metadata-walk:source-tree', level: 0.05 / 18 },
});
const SPENT = [spent('native', [0.8, 1.1, 0.95, 1.25, 1.0]), spent('fuse', [0.9, 1.3, 1.05, 1.2, 0.95])];

describe('a race spent without a verdict, in words', () => {
  const rec = recommend(SPENT, profileByName('balanced'));
  const answer = rec.roles![0];
  const percent = Math.round((answer.resolution!.factor - 1) * 100);

  it('names the tie with what the run could miss, on the card, the strip and in History', () => {
    expect(answer.verdict).toBe('no-measurable-difference');
    expect(answer.resolution?.by).toBe('race');
    expect(verdictHeadline(answer.verdict, answer.role, answer)).toBe(
      `No measurable difference within what this run can resolve (about ${percent} %): the simplest is chosen; a Standard run sees finer differences`,
    );
    expect(roleAnswerLine(answer)).toBe(
      `Source tree: ${answer.choice!.label} (no measurable difference within what this run can resolve (about ${percent} %): the simplest)`,
    );
    expect(answer.reason).toMatch(
      /The race sampled as far as this run goes .* a Standard run or more samples see finer ones\./,
    );
  });

  it('reads the same figures without the race as not decided: more samples would decide them', () => {
    const open = recommend(
      SPENT.map(({ raceSpent: _spent, ...row }) => row),
      profileByName('balanced'),
    );
    expect(open.roles![0].verdict).toBe('not-decided');
  });
});
