// The progress denominator of the runner-timed kinds: what their measurers really report as
// samples (measure-page-reload.ts, measure-parallel.ts), whatever the run's counts say.
import { describe, expect, it } from 'vitest';
import { workloadById } from '../workloads/registry';
import { mostExecutions, plannedExecutions } from './measure';

const counts = { runs: 7, warmup: 2 };

describe('planned executions of the runner-timed kinds', () => {
  it('page-reload: warm-up requests and edits, then its size’s requests and edits, whatever --runs says', () => {
    const page = workloadById('page-reload');
    if (page.kind !== 'web-request') throw new Error('page-reload is not a web-request workload');
    const expected = 2 * counts.warmup + page.requests('quick') + page.edits('quick');
    expect(plannedExecutions(page, 'quick', counts)).toBe(expected);
    expect(plannedExecutions(page, 'quick', { ...counts, runs: 99 })).toBe(expected);
    expect(mostExecutions(page, 'quick', { ...counts, adaptive: true })).toBe(expected);
  });

  it('parallel-read: one sample per round of four containers, fixed runs even when asked to race', () => {
    const parallel = workloadById('parallel-read');
    if (parallel.kind !== 'parallel') throw new Error('parallel-read is not a parallel workload');
    expect(parallel.parallel('default')).toBe(4);
    expect(plannedExecutions(parallel, 'quick', counts)).toBe(counts.warmup + counts.runs);
    expect(mostExecutions(parallel, 'quick', { ...counts, race: true })).toBe(counts.warmup + counts.runs);
  });
});
