import { describe, expect, it } from 'vitest';
import { executionsPerSample, MAX_EXECUTIONS_PER_SAMPLE, SAMPLE_TARGET_SECONDS } from './batch-size';

describe('executionsPerSample', () => {
  it('leaves a sample that already lasts the target alone', () => {
    expect(executionsPerSample(SAMPLE_TARGET_SECONDS)).toBe(1);
    expect(executionsPerSample(2.5)).toBe(1);
  });

  it('batches a short execution until the sample reaches the target', () => {
    // A Quick-size walk of 30 ms: ten of them make a 300 ms sample.
    expect(executionsPerSample(0.03)).toBe(10);
    expect(executionsPerSample(0.2)).toBe(2);
    for (const one of [0.001, 0.017, 0.04, 0.11, 0.29]) {
      const k = executionsPerSample(one);
      expect(k * one).toBeGreaterThanOrEqual(SAMPLE_TARGET_SECONDS);
      // The smallest such batch: one fewer falls short.
      expect((k - 1) * one).toBeLessThan(SAMPLE_TARGET_SECONDS);
    }
  });

  it('bounds the batch whatever one execution read, a zero or a broken reading included', () => {
    expect(executionsPerSample(0)).toBe(MAX_EXECUTIONS_PER_SAMPLE);
    expect(executionsPerSample(1e-9)).toBe(MAX_EXECUTIONS_PER_SAMPLE);
    expect(executionsPerSample(Number.NaN)).toBe(1);
    expect(executionsPerSample(-1)).toBe(MAX_EXECUTIONS_PER_SAMPLE);
  });
});
