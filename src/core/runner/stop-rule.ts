// When to stop timing: a fixed count, or hyperfine-style adaptive — keep going until the 95 %
// confidence interval of the mean is within ±2 % of it, never below the minimum, never above the cap.
import { confidenceInterval95 } from '../stats';

export const ADAPTIVE_TARGET = 0.02;

export interface StopPolicy {
  minRuns: number;
  maxRuns: number;
  adaptive: boolean;
}

export function stopPolicy(request: { runs: number; adaptive?: boolean; maxRuns?: number }): StopPolicy {
  if (!request.adaptive) return { minRuns: request.runs, maxRuns: request.runs, adaptive: false };
  return {
    minRuns: request.runs,
    maxRuns: request.maxRuns ?? Math.max(30, request.runs * 5),
    adaptive: true,
  };
}

export type StopDecision = { stop: false } | { stop: true; rule: 'fixed' | 'converged' | 'max-runs' };

export function shouldStop(samples: readonly number[], policy: StopPolicy): StopDecision {
  if (samples.length < policy.minRuns) return { stop: false };
  if (!policy.adaptive) return { stop: true, rule: 'fixed' };
  const ci = confidenceInterval95(samples);
  if (ci && ci.relativeHalfWidth <= ADAPTIVE_TARGET) return { stop: true, rule: 'converged' };
  if (samples.length >= policy.maxRuns) return { stop: true, rule: 'max-runs' };
  return { stop: false };
}

export function relativeHalfWidth(samples: readonly number[]): number | null {
  return confidenceInterval95(samples)?.relativeHalfWidth ?? null;
}
