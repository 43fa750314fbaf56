import { describe, expect, it } from 'vitest';
import type { SignalCancel } from './cancel-on-signal';
import { cliJobs } from './follow-job';

function cancelFrom(controller: AbortController): SignalCancel {
  return {
    signal: controller.signal,
    received: () => (controller.signal.aborted ? 'SIGINT' : null),
    exitCode: () => 130,
    endedBy: () => false,
    dispose: () => undefined,
  };
}

describe('a CLI command follows its job in the core registry', () => {
  it('passes the events on and cancels the job by its id on a signal', async () => {
    const { jobs, follow } = cliJobs();
    const controller = new AbortController();
    const id = await jobs.start({
      kind: 'apply',
      label: 'an apply',
      prepare: async () => 'a1',
      idOf: (applyId) => applyId,
      body: (_applyId, { signal, emit }) =>
        new Promise<void>((resolve) => {
          signal.addEventListener('abort', () => resolve(), { once: true });
          emit({ type: 'apply', applyId: 'a1', phase: 'apply' });
        }),
    });
    const seen: string[] = [];
    const followed = follow('apply', id, cancelFrom(controller), (event) => {
      seen.push(event.type);
      controller.abort();
    });
    await followed;
    expect(seen).toEqual(['apply']);
    expect(jobs.active()).toEqual([]);
  });

  it("rethrows what the job's body threw", async () => {
    const { jobs, follow } = cliJobs();
    const id = await jobs.start({
      kind: 'run',
      label: 'a run',
      prepare: async () => 'r1',
      idOf: (runId) => runId,
      body: async () => {
        throw new Error('engine went away');
      },
    });
    await expect(follow('run', id, cancelFrom(new AbortController()), () => undefined)).rejects.toThrow(
      'engine went away',
    );
  });
});
