// Time per operation: a batched sample (buffered-read does thousands of reads in one) is divided
// by its operations, so it lines up with a published per-op figure and with other batch sizes.
// Written once here; every table, chart, ranking and export divides through it.

/** A row's operations per sample, where absent, zero or nonsense counts as one. */
export function opsOf(opsPerSample: number | undefined): number {
  return opsPerSample !== undefined && opsPerSample > 0 ? opsPerSample : 1;
}

/** Seconds of one sample → seconds of one operation. */
export function perOp(seconds: number, opsPerSample: number | undefined): number {
  return seconds / opsOf(opsPerSample);
}

/** A mean with its spread (null where unknown), per operation. */
export function perOpSpread(figures: { mean: number; stddev: number | null; opsPerSample?: number }): {
  mean: number;
  stddev: number | null;
} {
  return {
    mean: perOp(figures.mean, figures.opsPerSample),
    stddev: figures.stddev === null ? null : perOp(figures.stddev, figures.opsPerSample),
  };
}
