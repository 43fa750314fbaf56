import { describe, expect, it } from 'vitest';
import { requestFromFlags } from './run';

const BASE = { mount: 'tmpfs', size: 'quick', runs: '3', warmup: '0' };

describe('run flags', () => {
  it('turns flags into a request', () => {
    expect(requestFromFlags({ ...BASE, workload: 'dd-write' })).toMatchObject({
      mounts: ['tmpfs'],
      workloads: ['dd-write'],
      size: 'quick',
      runs: 3,
      warmup: 0,
    });
  });

  it.each([
    [{ size: 'quick,default' }, /--size takes one value, got 2/],
    [{ engine: '' }, /--engine needs a name/],
    [{ engine: '  ' }, /--engine needs a name/],
    [{ maxRuns: '50' }, /--max-runs only counts with --adaptive/],
    [{ workload: 'dd-write', command: 'make test' }, /--command is the custom workload: add custom/],
    [{ command: ' ' }, /--command needs a shell command/],
    [{ folder: '.' }, /--folder belongs to the custom workload: add --command/],
    [{ customImage: 'alpine' }, /--custom-image belongs to the custom workload/],
    [{ variant: ' , ' }, /--variant needs at least one name/],
  ])('refuses %j instead of ignoring or cutting it', (flags, message) => {
    expect(() => requestFromFlags({ ...BASE, ...flags })).toThrow(message);
  });

  it('takes --command with custom among the workloads, and --max-runs with --adaptive', () => {
    const request = requestFromFlags({
      ...BASE,
      workload: 'custom,dd-write',
      command: 'true',
      adaptive: true,
      maxRuns: '40',
    });
    expect(request).toMatchObject({
      workloads: ['custom', 'dd-write'],
      custom: { command: 'true' },
      maxRuns: 40,
    });
  });
});
