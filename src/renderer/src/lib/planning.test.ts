import { describe, expect, it } from 'vitest';
import { HOST_BACKEND, previewBackends } from '../../../shared/backend-plan';
import { WORKLOADS } from '../test-support/recorded-api-data';
import { QUICK_RUN } from '../test-support/recorded-runs';
import { estimateRun } from '../../../shared/estimate';
import { formatDuration } from './estimate-words';
import { PRESETS } from './presets';

describe('previewBackends (the shared planner, previewing)', () => {
  it('matches what the core planned for the recorded quick run', () => {
    const planned = QUICK_RUN[0].type === 'planned' ? QUICK_RUN[0].backends : [];
    const preview = previewBackends(['bind', 'tmpfs', 'host'], 'docker-engine', ['native', 'fuse']);
    expect(preview.map((b) => [b.id, b.label])).toEqual(planned.map((b) => [b.id, b.label]));
  });

  it('measures other providers as they are set now', () => {
    expect(previewBackends(['bind', 'volume'], 'docker-desktop', []).map((b) => b.label)).toEqual([
      'bind mount · current settings',
      'named volume · current settings',
    ]);
  });

  it('drops variants the provider does not offer instead of refusing the preview', () => {
    expect(previewBackends(['bind'], 'docker-desktop', ['fuse']).map((b) => b.id)).toEqual([
      'docker-desktop/current/bind',
    ]);
  });

  it('offers the host baseline alone when there is no engine', () => {
    expect(previewBackends(['bind', 'host'], null, [])).toEqual([HOST_BACKEND]);
  });
});

describe('estimateRun', () => {
  const quick = WORKLOADS.filter((w) => ['dd-write', 'buffered-read', 'sync-latency'].includes(w.id));

  it('counts the executions exactly as the core plans them', () => {
    // The recorded run: 4 backends (2 bind, tmpfs, host), 1 warm-up + 3 runs, sync-latency skipped on tmpfs.
    const estimate = estimateRun(quick, ['bind', 'tmpfs', 'bind', 'host'], {
      size: 'quick',
      runs: 3,
      warmup: 1,
    });
    expect(estimate.executions).toBe(QUICK_RUN[0].type === 'planned' ? QUICK_RUN[0].totalExecutions : -1);
  });

  it('grows with the preset and gives a range for racing and adaptive runs', () => {
    const mounts = ['bind', 'volume', 'host'] as const;
    const q = estimateRun(WORKLOADS, mounts, PRESETS.quick.counts);
    const s = estimateRun(WORKLOADS, mounts, PRESETS.standard.counts);
    const t = estimateRun(WORKLOADS, mounts, PRESETS.thorough.counts);
    expect(q.seconds).toBeLessThan(s.seconds);
    expect(q.maxSeconds).toBeGreaterThan(q.seconds);
    expect(t.maxSeconds).toBeGreaterThan(t.seconds);
    const fixed = estimateRun(WORKLOADS, mounts, { size: 'quick', runs: 3, warmup: 1 });
    expect(fixed.maxSeconds).toBe(fixed.seconds);
  });

  it('is nothing without backends', () => {
    expect(estimateRun(WORKLOADS, [], PRESETS.quick.counts)).toEqual({
      seconds: 0,
      maxSeconds: 0,
      executions: 0,
    });
  });
});

describe('formatDuration', () => {
  it('rounds like an estimate', () => {
    expect(formatDuration(42)).toBe('40 s');
    expect(formatDuration(1)).toBe('1 s');
    expect(formatDuration(250)).toBe('4 min');
    expect(formatDuration(4800)).toBe('1 h 20 min');
    expect(formatDuration(7200)).toBe('2 h');
  });
});
