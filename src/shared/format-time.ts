// Times for comparison tables: one unit per figure (chosen by the mean), so "5.239 s ± 0.115 s"
// reads at a glance, as hyperfine prints it, and the spread is never shown in a different unit.

const UNITS: [factor: number, unit: string][] = [
  [1, 's'],
  [1e-3, 'ms'],
  [1e-6, 'µs'],
  [1e-9, 'ns'],
];

function unitFor(seconds: number): [number, string] {
  const abs = Math.abs(seconds);
  for (const [i, [factor, unit]] of UNITS.entries()) {
    if (abs < factor) continue;
    // 0.99999 s rounds to "1000.0 ms": carry it into the larger unit, as a person would write it.
    const value = abs / factor;
    if (i > 0 && Number(value.toFixed(decimalsFor(value))) >= 1000) return UNITS[i - 1];
    return [factor, unit];
  }
  return UNITS[UNITS.length - 1];
}

/** Four significant figures for values below 1,000 in their unit, whole numbers above. */
function decimalsFor(value: number): number {
  const abs = Math.abs(value);
  if (abs >= 1000) return 0;
  if (abs >= 100) return 1;
  if (abs >= 10) return 2;
  return 3;
}

export function formatTime(seconds: number): string {
  if (seconds === 0) return '0 s';
  const [factor, unit] = unitFor(seconds);
  const value = seconds / factor;
  return `${value.toFixed(decimalsFor(value))} ${unit}`;
}

/** `mean ± σ` in the mean's unit and precision; the mean alone when σ is unknown. */
export function formatMeanStddev(mean: number, stddev: number | null): string {
  if (mean === 0) return stddev === null ? '0 s' : `0 s ± ${formatTime(stddev)}`;
  const [factor, unit] = unitFor(mean);
  const decimals = decimalsFor(mean / factor);
  const m = `${(mean / factor).toFixed(decimals)} ${unit}`;
  return stddev === null ? m : `${m} ± ${(stddev / factor).toFixed(decimals)} ${unit}`;
}

export function formatRatio(ratio: number): string {
  if (!Number.isFinite(ratio)) return '∞';
  return ratio >= 100 ? `${ratio.toFixed(0)}×` : `${ratio.toFixed(2)}×`;
}
