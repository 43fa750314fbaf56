import { describe, expect, it } from 'vitest';
import { MountbenchError } from '../../shared/errors';
import { isApiChannel, parseCall, parseChannel } from './ipc-inputs';

const valid = {
  mounts: ['bind', 'tmpfs'],
  workloads: ['dd-write'],
  size: 'quick',
  runs: 3,
  warmup: 1,
};

function badInput(fn: () => unknown): MountbenchError {
  try {
    fn();
  } catch (err) {
    if (err instanceof MountbenchError) return err;
    throw err;
  }
  throw new Error('expected a MountbenchError');
}

describe('isApiChannel / parseChannel', () => {
  it('knows the rows of the call table and nothing else', () => {
    expect(isApiChannel('results:get')).toBe(true);
    expect(isApiChannel('jobs:event')).toBe(false);
    expect(isApiChannel('hasOwnProperty')).toBe(false);
    expect(isApiChannel(undefined)).toBe(false);
    expect(parseChannel('engines:list')).toBe('engines:list');
  });

  it('names an unknown channel, shortened, in its error', () => {
    expect(badInput(() => parseChannel('results:wipe')).message).toBe('Unknown channel "results:wipe"');
    expect(badInput(() => parseChannel('x'.repeat(5000))).message.length).toBeLessThan(100);
    expect(badInput(() => parseChannel(7)).message).toBe('Unknown channel a number');
  });
});

/** A run as `jobs.start` is asked for it. */
const run = (request: object) => ({ kind: 'run', request });

describe('parseCall', () => {
  it('returns a valid request unchanged', () => {
    const job = { kind: 'run', request: valid };
    expect(parseCall('jobs:start', [job])).toEqual({ channel: 'jobs:start', args: [job] });
  });

  it('refuses an unknown mount with BAD_INPUT naming the channel and the field', () => {
    const err = badInput(() => parseCall('jobs:start', [run({ ...valid, mounts: ['nfs'] })]));
    expect(err.code).toBe('BAD_INPUT');
    expect(err.message).toMatch(/jobs:start/);
    expect(err.message).toMatch(/mounts/);
  });

  it('refuses extra keys, so nothing unvalidated reaches the core', () => {
    expect(badInput(() => parseCall('jobs:start', [run({ ...valid, privileged: true })])).code).toBe(
      'BAD_INPUT',
    );
  });

  it('refuses a run count that is not a positive integer', () => {
    expect(badInput(() => parseCall('jobs:start', [run({ ...valid, runs: 0 })])).message).toMatch(/runs/);
    expect(badInput(() => parseCall('jobs:start', [run({ ...valid, runs: 2.5 })])).code).toBe('BAD_INPUT');
  });

  it('refuses run ids that are paths, empty, overlong or not strings', () => {
    for (const bad of ['../etc', '', 'a'.repeat(101), 'a b', 42, null, { id: 'x' }]) {
      expect(badInput(() => parseCall('results:get', [bad])).code).toBe('BAD_INPUT');
    }
    expect(parseCall('results:get', ['20250101-abc123']).args).toEqual(['20250101-abc123']);
  });

  it('refuses arguments that are missing, extra, or not a list', () => {
    expect(badInput(() => parseCall('engines:list', [1])).message).toMatch(/engines:list/);
    expect(badInput(() => parseCall('results:get', [])).code).toBe('BAD_INPUT');
    expect(badInput(() => parseCall('results:get', ['a', 'b'])).code).toBe('BAD_INPUT');
    expect(badInput(() => parseCall('results:get', { 0: 'a' })).message).toMatch(/list of arguments/);
  });
});
