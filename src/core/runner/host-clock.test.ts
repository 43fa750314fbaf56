// The host baseline's time under a busy event loop. Timed by marker lines arriving through a pipe,
// a sample whose two lines this process read together (it was busy) came out near 0 s: a full check
// once failed on a host figure of 0. Read by a clock inside the script, as host tools with a clock of
// their own now do, it is the script's own time.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CONTAINER_CLOCKS } from './clock';
import { HostExecutor } from './host-executor';
import { HOST_OWN_TOOLS } from './host-tools';
import { timeOnce } from './time-sample';

/** Holds this process's event loop, as a busy dashboard or test worker would. */
function busyFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // spin
  }
}

async function sampleWhileBusy(executor: HostExecutor): Promise<number> {
  await executor.prepareWorkdir('w', null, new AbortController().signal);
  const pending = timeOnce(
    executor,
    executor.workdir('w'),
    'sleep 0.3',
    undefined,
    new AbortController().signal,
  );
  busyFor(800);
  return (await pending).seconds;
}

describe('the host baseline under a busy event loop', () => {
  let dir = '';
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("reads the script's own time from a clock inside the script", async () => {
    dir = await mkdtemp(join(tmpdir(), 'mb-host-clock-'));
    // GNU date has nanoseconds here, as BusyBox's adjtimex has for the bench tools.
    const clock = CONTAINER_CLOCKS.find((c) => c.name === 'date-ns')!;
    const executor = new HostExecutor(dir, { ...HOST_OWN_TOOLS, clock });
    expect(executor.clock?.name).toBe('date-ns');
    const seconds = await sampleWhileBusy(executor);
    expect(seconds).toBeGreaterThan(0.25);
    expect(seconds).toBeLessThan(1.2);
  });
});
