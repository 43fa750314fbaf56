// @vitest-environment jsdom
// The run view following a sweep: the recorded stream of a stand-in Docker Desktop sweep (both
// variants refused by verification, the settings put back), and a measuring phase's k/n.
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SweepEvent, SweepRequest } from '../../../shared/sweep';
import { createFakeApi } from '../test-support/fake-api';
import { SWEEP_EVENTS } from '../test-support/recorded-sweep-data';
import { renderWith } from '../test-support/render';
import { RunView } from './RunView';

const request: SweepRequest = {
  provider: 'docker-desktop',
  variants: ['vz-virtiofs', 'vz-grpcfuse'],
  workloads: ['dd-write'],
  mounts: ['bind'],
  size: 'quick',
  runs: 2,
  warmup: 0,
};

async function startSweep() {
  const api = createFakeApi();
  const rendered = renderWith(<RunView />, api);
  const listening = new AbortController();
  rendered.stores.sweep.getState().listen(listening.signal);
  await rendered.stores.setup.getState().load();
  await act(() => rendered.stores.sweep.getState().start(request));
  const emit = (events: readonly SweepEvent[]) => act(() => api.emitSweep(events));
  return { ...rendered, emit };
}

const recorded = SWEEP_EVENTS.map((e) => ({ ...e, sweepId: 'sweep-1' }));

describe('RunView following a sweep', () => {
  it('shows each setting while the product restarts, then why it was skipped and that settings were put back', async () => {
    const { emit } = await startSweep();
    expect(screen.getByTestId('sweep-progress').textContent).toContain('Docker Desktop · sweep sweep-1');
    await emit(recorded.slice(0, recorded.findIndex((e) => e.type === 'progress') + 1));
    expect(screen.getByTestId('sweep-variant-phase-vz-virtiofs').textContent).toBe(
      'restarting, waiting for it to be ready',
    );
    expect(screen.getByTestId('sweep-variant-message-vz-virtiofs').textContent).toContain(
      'Docker Desktop to be ready: stopped',
    );
    expect(screen.getByTestId('sweep-variant-phase-vz-grpcfuse').textContent).toBe('waiting');
    expect(screen.getByTestId('sweep-restore').textContent).toContain('put back when the sweep ends');

    await emit(recorded.slice(recorded.findIndex((e) => e.type === 'progress') + 1));
    expect(screen.getByTestId('sweep-variant-phase-vz-grpcfuse').textContent).toBe('skipped');
    expect(screen.getByTestId('sweep-variant-message-vz-grpcfuse').textContent).toMatch(
      /the bind mount is on ext4, but vz-grpcfuse serves bind mounts as fuse\.grpcfuse/,
    );
    expect(screen.getByTestId('sweep-restore').textContent).toBe('The settings were put back as they were.');
    expect(screen.getByTestId('sweep-status').textContent).toBe('failed');
    expect(screen.queryByTestId('sweep-cancel')).toBeNull();
    // The sweep saved its (failed) run: it can be opened, it does not open by itself.
    expect(screen.getByTestId('sweep-open-results')).toBeTruthy();
  });

  it('says a racing setting has a range to go, never more done than planned, and what is still to come', async () => {
    const { emit } = await startSweep();
    const sample = (backendId: string, index: number, completedExecutions: number) => ({
      type: 'run' as const,
      sweepId: 'sweep-1',
      variant: 'vz-virtiofs',
      event: {
        type: 'sample' as const,
        runId: 'r-0',
        backendId,
        workloadId: 'dd-write' as const,
        workloadCase: null,
        index,
        warmup: false,
        seconds: 0.2,
        completedExecutions,
      },
    });
    await emit([
      {
        type: 'variant',
        sweepId: 'sweep-1',
        variant: 'vz-virtiofs',
        label: 'VZ + VirtioFS',
        phase: 'measure',
      },
      {
        type: 'run',
        sweepId: 'sweep-1',
        variant: 'vz-virtiofs',
        event: {
          type: 'planned',
          runId: 'r-0',
          backends: [],
          workloads: ['dd-write'],
          totalExecutions: 6,
          maxExecutions: 40,
          workloadPlan: [{ workloadId: 'dd-write', least: 6, most: 40 }],
        },
      },
      ...Array.from({ length: 5 }, (_, round) => [
        sample('a', round, 2 * round + 1),
        sample('b', round, 2 * round + 2),
      ]).flat(),
    ]);
    // 10 done of at least 6: a race past its least still has 0–30 to go, below 100 %.
    expect(screen.getByTestId('sweep-variant-phase-vz-virtiofs').textContent).toBe(
      'measuring 40 %: 10 executions, 0–30 to go, round 5, 2 backends still racing',
    );
    expect(screen.getByTestId('sweep-still-to-come').textContent).toBe(
      '1 more setting to switch and measure after this one.',
    );
  });

  it("gives the whole sweep's time left once samples land, restarts included, from Setup's dry run", async () => {
    // The clock and the panel's ticking are faked, so the samples land a second apart.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    try {
      vi.setSystemTime(0);
      const { emit, stores } = await startSweep();
      await act(() => stores.setup.getState().propose(request));
      const at = (ms: number) => vi.setSystemTime(ms);
      const run = (event: Extract<SweepEvent, { type: 'run' }>['event']): SweepEvent => ({
        type: 'run',
        sweepId: 'sweep-1',
        variant: 'vz-virtiofs',
        event,
      });
      await emit([
        {
          type: 'variant',
          sweepId: 'sweep-1',
          variant: 'vz-virtiofs',
          label: 'VZ + VirtioFS',
          phase: 'measure',
        },
        run({
          type: 'planned',
          runId: 'r-0',
          backends: [],
          workloads: ['dd-write'],
          totalExecutions: 6,
          maxExecutions: 6,
          workloadPlan: [{ workloadId: 'dd-write', least: 6, most: 6 }],
        }),
      ]);
      expect(screen.getByTestId('sweep-eta').textContent).toBe('time left known once samples land');
      for (let i = 0; i < 3; i++) {
        at(i * 1000);
        await emit([
          run({
            type: 'sample',
            runId: 'r-0',
            backendId: 'a',
            workloadId: 'dd-write',
            workloadCase: null,
            index: i,
            warmup: false,
            seconds: 0.2,
            completedExecutions: i + 1,
          }),
        ]);
      }
      // The panel's clock ticks a second on.
      act(() => vi.advanceTimersByTime(1000));
      // 3 of 6 at about a second each: seconds of this setting, plus gRPC FUSE's restart (90 s) and putting the
      // settings back (90 s), plus gRPC FUSE's own run, estimated from the workload's cost: minutes.
      const eta = screen.getByTestId('sweep-eta').textContent ?? '';
      expect(eta).toMatch(/ in all, restarts included$/);
      const minutes = Number(/(\d+) min/.exec(eta)?.[1]);
      expect(minutes).toBeGreaterThanOrEqual(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts the executions of the setting being measured, and Cancel cancels the sweep', async () => {
    const { emit, user, api } = await startSweep();
    await emit([
      {
        type: 'variant',
        sweepId: 'sweep-1',
        variant: 'vz-virtiofs',
        label: 'VZ + VirtioFS',
        phase: 'measure',
      },
      {
        type: 'run',
        sweepId: 'sweep-1',
        variant: 'vz-virtiofs',
        event: { type: 'planned', runId: 'r-0', backends: [], workloads: ['dd-write'], totalExecutions: 4 },
      },
      {
        type: 'run',
        sweepId: 'sweep-1',
        variant: 'vz-virtiofs',
        event: {
          type: 'sample',
          runId: 'r-0',
          backendId: 'docker-desktop/vz-virtiofs/bind',
          workloadId: 'dd-write',
          workloadCase: null,
          index: 0,
          warmup: false,
          seconds: 0.2,
          completedExecutions: 3,
        },
      },
    ]);
    expect(screen.getByTestId('sweep-variant-phase-vz-virtiofs').textContent).toBe('measuring 3/4');
    // Named in the product's words, as the core sent them, not by the variant's id.
    expect(screen.getByTestId('sweep-variant-vz-virtiofs').textContent).toMatch(/^VZ \+ VirtioFS: /);
    await user.click(screen.getByTestId('sweep-cancel'));
    expect(api.calls.filter((c) => c.method === 'sweeps.cancel').map((c) => c.args)).toEqual([['sweep-1']]);
    expect(screen.getByTestId('sweep-status').textContent).toBe('Cancelling…');
  });
});
