import { describe, expect, it } from 'vitest';
import { MountbenchError } from '../../shared/errors';
import type { ApplyEvent } from '../../shared/sweep';
import { createJobs } from './jobs';

describe('the job registry', () => {
  it('starts the body only after start() has returned, so the first event is never early', async () => {
    const jobs = createJobs();
    const seen: string[] = [];
    const stop = new AbortController();
    jobs.on('apply', (event) => seen.push(`${event.type} ${event.applyId}`), stop.signal);
    let finish: () => void = () => undefined;
    const id = jobs.start({
      kind: 'apply',
      id: 'apply-1',
      label: 'an apply of Docker Desktop',
      detail: { provider: 'docker-desktop', variant: 'vz-grpcfuse' },
      async body({ emit }) {
        emit({ type: 'apply', applyId: 'apply-1', phase: 'backup' });
        await new Promise<void>((resolve) => (finish = resolve));
      },
    });
    seen.push(`started ${id}`);
    await Promise.resolve();
    expect(seen).toEqual(['started apply-1']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual(['started apply-1', 'apply apply-1']);
    expect(jobs.active('apply')).toEqual([
      {
        kind: 'apply',
        id: 'apply-1',
        label: 'an apply of Docker Desktop',
        detail: { provider: 'docker-desktop', variant: 'vz-grpcfuse' },
      },
    ]);
    expect(jobs.active('run')).toEqual([]);
    finish();
    await expect.poll(() => jobs.active('apply')).toEqual([]);
    stop.abort();
  });

  it('refuses any start while a job of any kind runs, as BUSY, naming it', async () => {
    const jobs = createJobs();
    let finish: () => void = () => undefined;
    jobs.start({
      kind: 'sweep',
      id: 's-1',
      label: 'a sweep of Docker Engine',
      body: () => new Promise<void>((resolve) => (finish = resolve)),
    });
    const refusal = (() => {
      try {
        jobs.refuseIfBusy('start a run');
      } catch (err) {
        return err;
      }
      return null;
    })();
    expect(refusal).toBeInstanceOf(MountbenchError);
    expect((refusal as MountbenchError).code).toBe('BUSY');
    expect((refusal as MountbenchError).message).toBe(
      'cannot start a run: a sweep of Docker Engine (s-1) is in progress; wait for it or cancel it',
    );
    await new Promise((resolve) => setImmediate(resolve));
    finish();
    await expect.poll(() => jobs.has('s-1')).toBe(false);
    expect(() => jobs.refuseIfBusy('start a run')).not.toThrow();
  });

  it('cancels by kind and id, waiting until the body has finished cleaning up', async () => {
    const jobs = createJobs();
    const events: ApplyEvent[] = [];
    jobs.on('apply', (event) => events.push(event), new AbortController().signal);
    jobs.start({
      kind: 'apply',
      id: 'a-1',
      label: 'an apply',
      async body({ signal, emit }) {
        // Cancelled before it began, the body still runs: it sees the aborted signal and ends with its event.
        if (!signal.aborted)
          await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
        // Putting things back takes a while after the abort; cancel() must wait for it.
        await new Promise((resolve) => setTimeout(resolve, 5));
        emit({ type: 'apply-done', applyId: 'a-1', result: null });
      },
    });
    await expect(jobs.cancel('run', 'a-1')).rejects.toThrow(/no run a-1 is in progress/);
    await expect(jobs.cancel('apply', 'other')).rejects.toThrow(/no apply other is in progress/);
    await jobs.cancel('apply', 'a-1');
    expect(events).toEqual([{ type: 'apply-done', applyId: 'a-1', result: null }]);
    expect(jobs.has('a-1')).toBe(false);
  });

  it('hands a body that throws to onBackgroundError and forgets the job', async () => {
    const problems: unknown[] = [];
    const jobs = createJobs({ onBackgroundError: (err) => problems.push(err) });
    jobs.start({
      kind: 'run',
      id: 'r-1',
      label: 'a run',
      body: async () => {
        throw new Error('disk full');
      },
    });
    await jobs.shutdown();
    expect(problems.map((p) => (p as Error).message)).toEqual(['disk full']);
    expect(jobs.active('run')).toEqual([]);
  });
});
