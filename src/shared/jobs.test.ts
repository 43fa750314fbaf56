import { describe, expect, it } from 'vitest';
import { isJobEnd, isPayloadEnd, payloadJobId } from './jobs';
import { emptyApplyProgress, foldApplyEvent, type ApplyEvent } from './sweep';

describe('the job envelope without naming a kind', () => {
  it("knows each kind's end as `<kind>-done` and its job from the kind's id field", () => {
    expect(isPayloadEnd('apply', { type: 'apply-done', applyId: 'a-1', result: null })).toBe(true);
    expect(isPayloadEnd('apply', { type: 'progress', applyId: 'a-1', message: 'VM booting' })).toBe(false);
    expect(
      isJobEnd({
        jobId: 's-1',
        kind: 'sweep',
        event: {
          type: 'sweep-done',
          sweepId: 's-1',
          finish: { status: 'completed', variants: [], runId: null, restored: true },
        },
      }),
    ).toBe(true);
    expect(
      isJobEnd({ jobId: 's-1', kind: 'sweep', event: { type: 'progress', sweepId: 's-1', message: 'x' } }),
    ).toBe(false);
    expect(payloadJobId('apply', { type: 'apply', applyId: 'a-7', phase: 'verify' })).toBe('a-7');
    expect(payloadJobId('sweep', { type: 'progress', sweepId: 's-3', message: 'x' })).toBe('s-3');
  });
});

describe("foldApplyEvent, the one reader of an apply's events (dashboard and CLI)", () => {
  it('keeps the latest step or waiting line, then how it ended', () => {
    const events: ApplyEvent[] = [
      { type: 'apply', applyId: 'a', phase: 'backup' },
      { type: 'progress', applyId: 'a', message: 'starting' },
      { type: 'apply', applyId: 'a', phase: 'restore', message: 'it did not take' },
      {
        type: 'apply-done',
        applyId: 'a',
        result: null,
        error: { name: 'MountbenchError', message: 'refused', code: 'BUSY' },
      },
    ];
    const seen = events.reduce<ReturnType<typeof emptyApplyProgress>[]>(
      (acc, e) => [...acc, foldApplyEvent(acc.at(-1) ?? emptyApplyProgress('a'), e)],
      [],
    );
    expect(seen.map((p) => p.step)).toEqual([
      { phase: 'backup', message: null },
      { phase: 'progress', message: 'starting' },
      { phase: 'restore', message: 'it did not take' },
      { phase: 'restore', message: 'it did not take' },
    ]);
    expect(seen.map((p) => p.ended)).toEqual([false, false, false, true]);
    expect(seen.at(-1)?.error?.code).toBe('BUSY');
  });
});
