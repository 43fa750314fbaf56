// Where a run's figures come from, in the words every picture of it repeats: the preset its counts
// match (the run file keeps the counts, not the preset's name), the fixture size, the samples per
// backend and the date in ISO form, so a screenshot pasted into a chat still says what it shows.
import { marginWords } from '../../../shared/equivalence-margin';
import { LONE_MIN_SAMPLES } from '../../../shared/race-samples';
import type { RunFile } from '../../../shared/result-schema';
import { PRESETS } from './presets';

/** The preset whose size and counts the run matches, or null for a run set up by hand (CLI). */
export function presetOfRun(run: RunFile): string | null {
  const first = run.results[0];
  if (!first) return null;
  const size = first.workload.size;
  const adaptive = run.results.some((r) => r.stop?.rule === 'converged' || r.stop?.rule === 'max-runs');
  const minRuns = Math.min(...run.results.map((r) => r.stats.runs));
  const match = Object.values(PRESETS).find(
    (p) =>
      p.counts.size === size &&
      p.counts.warmup === first.warmupRuns &&
      Boolean(p.counts.adaptive) === adaptive &&
      Boolean(p.counts.race) === Boolean(run.race) &&
      minRuns >= p.counts.runs,
  );
  return match?.label ?? null;
}

/** "3" or "3–12": the timed samples per backend and workload. */
export function samplesWords(run: RunFile): string {
  const runs = [...new Set(run.results.map((r) => r.stats.runs))].sort((a, b) => a - b);
  if (runs.length === 0) return '0';
  return runs.length === 1 ? `${runs[0]}` : `${runs[0]}–${runs.at(-1)}`;
}

/** `2026-12-01`: the run's date as files and pictures write it (no 01/12 vs 12/01 doubt). */
export function isoDate(iso: string): string {
  return iso.slice(0, 10);
}

/**
 * "Quick preset · quick size · 1 warm-up + 5 timed samples per backend · each stopped once
 * decided": how the figures were taken, in words for anyone the picture is shown to.
 */
export function countsLine(run: RunFile): string {
  const first = run.results[0];
  if (!first) return 'no results';
  const preset = presetOfRun(run);
  return [
    preset ? `${preset} preset` : 'counts set by hand',
    `${first.workload.size} size`,
    `${first.warmupRuns} warm-up + ${samplesWords(run)} timed samples per backend`,
    run.race ? 'each stopped once decided' : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * The note behind "Details" for whoever wonders what the line's words stand for: why no preset is
 * named, and what stopping "once decided" means. Null when the line needs no note.
 */
export function countsNote(run: RunFile): string | null {
  const first = run.results[0];
  if (!first) return null;
  const notes: string[] = [];
  if (!presetOfRun(run))
    notes.push(
      `The run's size and counts match none of Setup's presets (${Object.values(PRESETS)
        .map((p) => p.label)
        .join(', ')}): it was set up by hand, on the command line or by an earlier version.`,
    );
  if (run.race)
    notes.push(
      'A race: after a few samples, each backend was compared with the others after every round, ' +
        `and stopped once it was decided faster or slower, equivalent within ${marginWords(run.race.rule.tieMargin)}, ` +
        `or too close for the cap to tell apart (or at the cap); a backend alone in its ` +
        `role kept sampling to at least ${LONE_MIN_SAMPLES} (or the cap). See "Racing" in the methodology.`,
    );
  return notes.length ? notes.join(' ') : null;
}
