// Polls a condition the stand-ins reach in the background (a restart, a rewrite); returns the last
// value seen, so the test asserts on it instead of on how long it took.
import { setTimeout as sleep } from 'node:timers/promises';

export async function waitForValue<T>(check: () => T | Promise<T>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await check();
  while (!value && Date.now() < deadline) {
    await sleep(50);
    value = await check();
  }
  return value;
}
