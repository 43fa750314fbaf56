// The answer of a run in one sentence, for the strip on top of Results and the share card: which
// backend to use, how much longer the next one took (the profile's score ratio), and per workload
// the race's interval for that pair, as the core decided it. Nothing here is computed anew: the
// ratios are the recommendation's scores, the intervals the race's comparisons (core/stats).
import { formatRatioInterval } from '../../../shared/format-ratio';
import type { Recommendation } from '../../../shared/recommendation';
import type { RunFile } from '../../../shared/result-schema';

export type VerdictState = 'decided' | 'undecided' | 'tie' | 'none';

export interface WorkloadInterval {
  workloadKey: string;
  /** "1.26 × (1.05 … 1.50)": the runner-up's time over the choice's. */
  text: string;
  decided: boolean;
}

export interface Verdict {
  state: VerdictState;
  /** One sentence. */
  sentence: string;
  choice: string | null;
  runnerUp: string | null;
  intervals: WorkloadInterval[];
}

function ratioText(x: number): string {
  return x >= 10 ? `${x.toFixed(1)} ×` : `${x.toFixed(2)} ×`;
}

/** The race's interval for the pair on each workload, oriented as runner-up / choice. */
function pairIntervals(run: RunFile, choice: string, other: string): WorkloadInterval[] {
  const out: WorkloadInterval[] = [];
  for (const w of run.race?.workloads ?? []) {
    const c = w.comparisons.find(
      (x) => (x.a === other && x.b === choice) || (x.a === choice && x.b === other),
    );
    if (!c) continue;
    const flip = c.a === choice;
    const r = flip
      ? { ratio: 1 / c.ratio, low: 1 / c.high, high: 1 / c.low }
      : { ratio: c.ratio, low: c.low, high: c.high };
    out.push({ workloadKey: w.workloadKey, text: formatRatioInterval(r), decided: c.decided });
  }
  return out;
}

/** Workloads whose race stopped at the cap or the budget: their order is not decided. */
function undecidedWorkloads(run: RunFile): string[] {
  return (run.race?.workloads ?? [])
    .filter((w) => w.outcome === 'cap' || w.outcome === 'budget')
    .map((w) => w.workloadKey);
}

export function verdictOf(run: RunFile, rec: Recommendation | null): Verdict {
  const none = (sentence: string): Verdict => ({
    state: 'none',
    sentence,
    choice: null,
    runnerUp: null,
    intervals: [],
  });
  if (!rec || rec.verdict === 'no-data' || !rec.choice) {
    return none('No verdict: nothing the chosen profile weighs was measured.');
  }
  const choice = rec.choice;
  const choiceScore = rec.scores.find((s) => s.backend.key === choice.key)?.score ?? 1;
  const next = rec.scores.find(
    (s) => s.backend.key !== choice.key && !rec.tied.some((t) => t.key === s.backend.key),
  );
  if (!next) {
    return {
      state: rec.scores.length > 1 ? 'tie' : 'none',
      sentence:
        rec.scores.length > 1
          ? `No measurable difference: use ${choice.label}, the simplest of ${rec.tied.length}.`
          : `Only ${choice.label} was scored: nothing to compare it with.`,
      choice: choice.label,
      runnerUp: null,
      intervals: [],
    };
  }
  const ratio = ratioText(next.score / choiceScore);
  const intervals = pairIntervals(run, choice.key, next.backend.key);
  const open = undecidedWorkloads(run);
  if (rec.verdict === 'winner' && open.length === 0) {
    return {
      state: 'decided',
      sentence: `Use ${choice.label}: the next best, ${next.backend.label}, took ${ratio} as long (${rec.profile.label}).`,
      choice: choice.label,
      runnerUp: next.backend.label,
      intervals,
    };
  }
  if (rec.verdict === 'no-measurable-difference') {
    return {
      state: 'tie',
      sentence: `No measurable difference between ${rec.tied.map((t) => t.label).join(', ')}: use ${choice.label}, the simplest; ${next.backend.label} took ${ratio} as long.`,
      choice: choice.label,
      runnerUp: next.backend.label,
      intervals,
    };
  }
  const why =
    open.length > 0
      ? `the race on ${open.join(', ')} stopped before the figures told the backends apart`
      : 'too few runs to test whether the difference is real';
  return {
    state: 'undecided',
    sentence: `Not decided yet: ${choice.label} leads (${next.backend.label} took ${ratio} as long), but ${why}.`,
    choice: choice.label,
    runnerUp: next.backend.label,
    intervals,
  };
}
