// hyperfine's warnings, in Mountbench's words. The rules mirror hyperfine's benchmark code:
// a slow first run is reported when the first sample's signed modified z-score is above the
// outlier threshold (slower, never faster), and then *instead of* the generic outlier warning,
// because the slow first run is the outlier that matters.
import type { Stats } from '../../shared/result-schema';
import { formatTime as formatSeconds } from '../../shared/format-time';
import { modifiedZScores, OUTLIER_THRESHOLD } from './outliers';

export interface StatsWarningOptions {
  /** Tick of the clock that timed the samples; enables the "too short for this clock" warning. */
  clockResolutionSeconds?: number;
  /** Warm-up runs done before the timed ones, to give the right advice on a slow first run. */
  warmupRuns?: number;
}

/**
 * hyperfine warns when any run took under 5 ms, because it cannot calibrate away its shell's
 * start-up more finely than that. Our samples are timed inside the container with no shell to
 * subtract, so the limit that matters is the clock's own tick: a sample shorter than 100 ticks
 * carries more than 1 % rounding error.
 */
export const MIN_TICKS_PER_SAMPLE = 100;

/**
 * Below this many samples the median and MAD say too little to call any sample an outlier (with
 * three, one wide sample makes the MAD itself): no outlier or slow-first-run verdict is given.
 */
export const MIN_SAMPLES_FOR_OUTLIER_VERDICT = 5;

export function statsWarnings(stats: Stats, options: StatsWarningOptions = {}): string[] {
  const warnings: string[] = [];
  const resolution = options.clockResolutionSeconds;
  if (resolution !== undefined && resolution > 0 && stats.min < MIN_TICKS_PER_SAMPLE * resolution) {
    warnings.push(
      `The shortest sample (${formatSeconds(stats.min)}) is less than ${MIN_TICKS_PER_SAMPLE} ticks of the ` +
        `clock that timed it (one tick is ${formatSeconds(resolution)}), so the clock's rounding alone ` +
        `can be more than 1 % of a sample. Use a larger workload size or more operations per sample.`,
    );
  }

  if (stats.samples.length < MIN_SAMPLES_FOR_OUTLIER_VERDICT) return warnings;
  const scores = modifiedZScores(stats.samples);
  const outlierCount = scores.filter((z) => Math.abs(z) > OUTLIER_THRESHOLD).length;
  if (scores.length > 0 && scores[0] > OUTLIER_THRESHOLD) {
    const advice =
      (options.warmupRuns ?? 0) > 0
        ? `Warm-up runs were already used (${options.warmupRuns}); try more of them, or re-run on a ` +
          `quiet machine in case it was a one-off.`
        : 'Add warm-up runs so the caches are filled before timing starts.';
    warnings.push(
      `The first timed run (${formatSeconds(stats.samples[0])}) was much slower than the rest ` +
        `(median ${formatSeconds(stats.median)}), probably because file-system caches were still ` +
        `cold. ${advice}`,
    );
  } else if (outlierCount > 0) {
    warnings.push(
      `${outlierCount} of ${stats.samples.length} samples ${outlierCount === 1 ? 'is a' : 'are'} ` +
        `statistical outlier${outlierCount === 1 ? '' : 's'} (more than 10 robust standard deviations ` +
        `from the median). Another program may have interfered; consider re-running on a quiet machine.`,
    );
  }
  return warnings;
}
