// A whole context taken apart: what is measured, who does the work, who hears of it. Each field
// lands in exactly one part, so executeRun puts the same context back together.
import { describe, expect, it } from 'vitest';
import { runParts, type RunContext } from './run-context';

describe('runParts', () => {
  it('puts the services and the report in their own parts and leaves the plan the rest', () => {
    const onEvent = () => undefined;
    const ctx = {
      runId: 'r1',
      request: { mounts: ['host'], workloads: ['dd-write'], size: 'quick', runs: 3, warmup: 1 },
      backends: [],
      engine: null,
      image: 'busybox',
      machine: { chip: 'x' },
      appVersion: '0.1.0',
      allowHostCommands: false,
      docker: null,
      cacheDir: '/cache',
      env: {},
      signal: new AbortController().signal,
      onEvent,
      beforeDone: async () => true,
    } as unknown as RunContext;
    const [plan, services, report] = runParts(ctx);
    expect(Object.keys(plan).sort()).toEqual(
      [
        'allowHostCommands',
        'appVersion',
        'backends',
        'engine',
        'image',
        'machine',
        'request',
        'runId',
      ].sort(),
    );
    expect(Object.keys(services).sort()).toEqual(['cacheDir', 'docker', 'env', 'signal']);
    expect(Object.keys(report).sort()).toEqual(['beforeDone', 'onEvent']);
    expect(report.onEvent).toBe(onEvent);
    expect({ ...plan, ...services, ...report }).toEqual(ctx);
  });
});
