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
    const id = jobs.start({
      kind: 'apply',
      id: 'a1',
      label: 'an apply',
      body: ({ signal, emit }) =>
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
    expect(jobs.active('apply')).toEqual([]);
  });

  it("rethrows what the job's body threw", async () => {
    const { jobs, follow } = cliJobs();
    const id = jobs.start({
      kind: 'run',
      id: 'r1',
      label: 'a run',
      body: async () => {
        throw new Error('engine went away');
      },
    });
    await expect(follow('run', id, cancelFrom(new AbortController()), () => undefined)).rejects.toThrow(
      'engine went away',
    );
  });
});
