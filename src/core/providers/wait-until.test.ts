import { describe, expect, it } from 'vitest';
import { waitUntil } from './wait-until';

describe('waitUntil', () => {
  it('resolves once the check passes, reporting progress', async () => {
    let polls = 0;
    const seen: string[] = [];
    await waitUntil('thing', async () => ({ done: ++polls === 3, status: `poll ${polls}` }), {
      timeoutMs: 10_000,
      intervalMs: 1,
      onProgress: (m) => seen.push(m),
    });
    expect(seen).toEqual(['thing: poll 1', 'thing: poll 2', 'thing: poll 3']);
  });

  it('times out with the last status, fails fast on a failure, and stops on abort', async () => {
    await expect(
      waitUntil('thing', async () => ({ done: false, status: 'booting' }), { timeoutMs: 20, intervalMs: 5 }),
    ).rejects.toMatchObject({
      code: 'ENGINE_UNREACHABLE',
      message: expect.stringMatching(/last status: booting/),
    });
    await expect(
      waitUntil('thing', async () => ({ done: false, status: 'x', failed: 'broke' }), { timeoutMs: 10_000 }),
    ).rejects.toThrow(/thing failed: broke/);
    const c = new AbortController();
    setTimeout(() => c.abort(), 10);
    await expect(
      waitUntil('thing', async () => ({ done: false, status: 'x' }), {
        timeoutMs: 10_000,
        intervalMs: 1000,
        signal: c.signal,
      }),
    ).rejects.toMatchObject({ code: 'CANCELLED' });
  });
});
