import { describe, expect, it } from 'vitest';
import { MountbenchError } from '../../shared/errors';
import type { JobEvent } from '../../shared/jobs';
import { createJobs } from './jobs';

/** A start's refusal, or null when it started. */
async function refusalOf(start: Promise<unknown>): Promise<MountbenchError | null> {
  return start.then(
    () => null,
    (err: unknown) => err as MountbenchError,
  );
}

describe('the job registry', () => {
  it('starts the body only after start() has returned, so the first event is never early', async () => {
    const jobs = createJobs();
    const seen: string[] = [];
    const stop = new AbortController();
    jobs.on((job) => seen.push(`${job.kind} ${job.jobId}: ${job.event.type}`), stop.signal);
    let finish: () => void = () => undefined;
    const id = await jobs.start({
      kind: 'apply',
      label: 'an apply of Docker Desktop',
      detail: { provider: 'docker-desktop', variant: 'vz-grpcfuse' },
      prepare: async () => ({ applyId: 'apply-1' }),
      idOf: ({ applyId }) => applyId,
      async body({ applyId }, { emit }) {
        emit({ type: 'apply', applyId, phase: 'backup' });
        await new Promise<void>((resolve) => (finish = resolve));
      },
    });
    seen.push(`started ${id}`);
    await Promise.resolve();
    expect(seen).toEqual(['started apply-1']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual(['started apply-1', 'apply apply-1: apply']);
    expect(jobs.active()).toEqual([
      {
        kind: 'apply',
        id: 'apply-1',
        label: 'an apply of Docker Desktop',
        detail: { provider: 'docker-desktop', variant: 'vz-grpcfuse' },
      },
    ]);
    finish();
    await expect.poll(() => jobs.active()).toEqual([]);
    stop.abort();
  });

  it('refuses any start while a job of any kind runs, as BUSY, naming it, without preparing it', async () => {
    const jobs = createJobs();
    let finish: () => void = () => undefined;
    await jobs.start({
      kind: 'sweep',
      label: 'a sweep of Docker Engine',
      prepare: async () => 's-1',
      idOf: (id) => id,
      body: () => new Promise<void>((resolve) => (finish = resolve)),
    });
    let prepared = false;
    const run = {
      kind: 'run' as const,
      label: 'a run',
      prepare: async () => ((prepared = true), 'r-1'),
      idOf: (id: string) => id,
      body: async () => undefined,
    };
    const refusal = await refusalOf(jobs.start(run));
    expect(refusal).toBeInstanceOf(MountbenchError);
    expect(refusal?.code).toBe('BUSY');
    expect(refusal?.message).toBe(
      'cannot start a run: a sweep of Docker Engine (s-1) is in progress; wait for it or cancel it',
    );
    expect(prepared).toBe(false);
    await new Promise((resolve) => setImmediate(resolve));
    finish();
    await expect.poll(() => jobs.has('s-1')).toBe(false);
    await expect(jobs.start(run)).resolves.toBe('r-1');
  });

  it('of two starts that prepared at the same time, starts the first to finish and refuses the other', async () => {
    const jobs = createJobs();
    const gates: Record<string, () => void> = {};
    const bodies: string[] = [];
    const job = (id: string, what: string) => ({
      kind: 'sweep' as const,
      label: `a sweep ${id}`,
      what,
      prepare: () => new Promise<string>((resolve) => (gates[id] = () => resolve(id))),
      idOf: (prepared: string) => prepared,
      body: async (prepared: string) => void bodies.push(prepared),
    });
    const first = jobs.start(job('s-1', 'sweep one'));
    const second = refusalOf(jobs.start(job('s-2', 'sweep two')));
    // Both passed the check before planning; the second finishes planning first.
    gates['s-2']();
    gates['s-1']();
    await expect(first).rejects.toThrow('cannot sweep one: a sweep s-2 (s-2) is in progress');
    expect(await second).toBeNull();
    await jobs.whenDone('s-2');
    expect(bodies).toEqual(['s-2']);
  });

  it('hands a refusal from prepare to the caller and registers nothing', async () => {
    const jobs = createJobs();
    const start = jobs.start({
      kind: 'apply',
      label: 'an apply',
      prepare: async (): Promise<string> => {
        throw new MountbenchError('NOT_INSTALLED', 'Colima is not installed');
      },
      idOf: (id) => id,
      body: async () => undefined,
    });
    await expect(start).rejects.toMatchObject({ code: 'NOT_INSTALLED' });
    expect(jobs.active()).toEqual([]);
  });

  it('cancels by id, waiting until the body has finished cleaning up', async () => {
    const jobs = createJobs();
    const events: JobEvent[] = [];
    jobs.on((event) => events.push(event), new AbortController().signal);
    await jobs.start({
      kind: 'apply',
      label: 'an apply',
      prepare: async () => 'a-1',
      idOf: (id) => id,
      async body(applyId, { signal, emit }) {
        // Cancelled before it began, the body still runs: it sees the aborted signal and ends with its event.
        if (!signal.aborted)
          await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
        // Putting things back takes a while after the abort; cancel() must wait for it.
        await new Promise((resolve) => setTimeout(resolve, 5));
        emit({ type: 'apply-done', applyId, result: null });
      },
    });
    await expect(jobs.cancel('other')).rejects.toThrow(/no job other is in progress/);
    await jobs.cancel('a-1');
    expect(events).toEqual([
      { jobId: 'a-1', kind: 'apply', event: { type: 'apply-done', applyId: 'a-1', result: null } },
    ]);
    expect(jobs.has('a-1')).toBe(false);
  });

  it('hands a body that throws to onBackgroundError and forgets the job', async () => {
    const problems: unknown[] = [];
    const jobs = createJobs({ onBackgroundError: (err) => problems.push(err) });
    await jobs.start({
      kind: 'run',
      label: 'a run',
      prepare: async () => 'r-1',
      idOf: (id) => id,
      body: async () => {
        throw new Error('disk full');
      },
    });
    await jobs.shutdown();
    expect(problems.map((p) => (p as Error).message)).toEqual(['disk full']);
    expect(jobs.active()).toEqual([]);
  });
});
