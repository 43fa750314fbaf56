// How many executions of a short script one sample runs. A sample of 20-40 ms is mostly noise
// from outside the work (scheduling, the exec around it, the clock's tick): twins differed by up to
// ±25 % at Quick size (issue 22), too much for the ±5 % tie rule to ever be reached. Running the
// script several times between the two clock reads until a sample lasts a few hundred ms, as
// hyperfine's and Go's testing.B users are told to, and reporting per execution, shrinks that noise
// while every figure stays the time of one execution.

/** A sample lasts at least about this long once batched. */
export const SAMPLE_TARGET_SECONDS = 0.3;
/** At most this many executions in one sample, whatever one costs (a 0 s reading included). */
export const MAX_EXECUTIONS_PER_SAMPLE = 1_000;

/** Executions per sample for a script whose one execution took `oneExecutionSeconds`. */
export function executionsPerSample(oneExecutionSeconds: number): number {
  if (!Number.isFinite(oneExecutionSeconds) || oneExecutionSeconds >= SAMPLE_TARGET_SECONDS) return 1;
  const floor = SAMPLE_TARGET_SECONDS / MAX_EXECUTIONS_PER_SAMPLE;
  return Math.min(
    MAX_EXECUTIONS_PER_SAMPLE,
    Math.ceil(SAMPLE_TARGET_SECONDS / Math.max(oneExecutionSeconds, floor)),
  );
}
