// Turns the timed samples of one workload on one backend into the Stats stored in a result file.
import { MountbenchError } from '../../shared/errors';
import type { Stats } from '../../shared/result-schema';
import { mean, median, sampleStandardDeviation } from './descriptive';
import { outlierIndexes } from './outliers';

export interface CpuTimes {
  user: number[];
  system: number[];
}

function checkSeconds(name: string, xs: readonly number[]): void {
  xs.forEach((x, i) => {
    if (!Number.isFinite(x) || x < 0) {
      throw new MountbenchError(
        'BAD_INPUT',
        `${name}[${i}] is ${x}; a time must be a finite number ≥ 0 seconds`,
      );
    }
  });
}

export function summarize(samples: number[], cpu?: CpuTimes): Stats {
  if (samples.length === 0) {
    throw new MountbenchError('BAD_INPUT', 'Cannot summarize a benchmark with no timed samples');
  }
  checkSeconds('samples', samples);
  if (cpu) {
    for (const key of ['user', 'system'] as const) {
      if (cpu[key].length !== samples.length) {
        throw new MountbenchError(
          'BAD_INPUT',
          `${key} CPU times have ${cpu[key].length} entries for ${samples.length} samples; they must pair up`,
        );
      }
      checkSeconds(key, cpu[key]);
    }
  }
  let min = Infinity;
  let max = -Infinity;
  for (const x of samples) {
    if (x < min) min = x;
    if (x > max) max = x;
  }
  return {
    samples: [...samples],
    mean: mean(samples),
    stddev: sampleStandardDeviation(samples),
    median: median(samples),
    min,
    max,
    runs: samples.length,
    user: cpu ? mean(cpu.user) : null,
    system: cpu ? mean(cpu.system) : null,
    outliers: outlierIndexes(samples),
  };
}
