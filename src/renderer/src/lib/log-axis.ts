// Axes for times: domains for logarithmic axes (whole powers of ten around the data, because a log
// axis cannot start at zero and recharts draws bars up from the domain's lower end), and tick labels.
import { formatTime } from '../../../shared/format-time';

/** 10^n written as a decimal literal, so 1e-4 is exactly the number a person types, not 9.99…e-5. */
const pow10 = (exponent: number) => Number(`1e${exponent}`);

export function logDomain(values: readonly number[]): [number, number] {
  const positive = values.filter((v) => v > 0 && Number.isFinite(v));
  if (positive.length === 0) return [0.001, 1];
  const low = pow10(Math.floor(Math.log10(Math.min(...positive))));
  const high = pow10(Math.ceil(Math.log10(Math.max(...positive))));
  return [low, high > low ? high : low * 10];
}

/** The powers of ten inside a log domain, for tick marks a reader can trust. */
export function logTicks([low, high]: [number, number]): number[] {
  const ticks: number[] = [];
  for (let exponent = Math.round(Math.log10(low)); pow10(exponent) <= high * 1.0001; exponent++)
    ticks.push(pow10(exponent));
  return ticks;
}

/** Axis ticks read "100 ms", not "100.0 ms": a tick is a round number, not a measurement. */
export function tickTime(seconds: number): string {
  return formatTime(seconds)
    .replace(/\.0+ /, ' ')
    .replace(/(\.\d*?)0+ /, '$1 ');
}
