import { describe, expect, it } from 'vitest';
import { MountbenchError } from '../shared/errors';
import { expectNoArguments, parseRunId, parseRunRequest } from './ipc-inputs';

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

describe('parseRunRequest', () => {
  it('returns a valid request unchanged', () => {
    expect(parseRunRequest(valid)).toEqual(valid);
  });

  it('refuses an unknown mount with BAD_INPUT naming the field', () => {
    const err = badInput(() => parseRunRequest({ ...valid, mounts: ['nfs'] }));
    expect(err.code).toBe('BAD_INPUT');
    expect(err.message).toMatch(/run request/);
    expect(err.message).toMatch(/mounts/);
  });

  it('refuses extra keys, so nothing unvalidated reaches the core', () => {
    expect(badInput(() => parseRunRequest({ ...valid, privileged: true })).code).toBe('BAD_INPUT');
  });

  it('refuses a run count that is not a positive integer', () => {
    expect(badInput(() => parseRunRequest({ ...valid, runs: 0 })).message).toMatch(/runs/);
    expect(badInput(() => parseRunRequest({ ...valid, runs: 2.5 })).code).toBe('BAD_INPUT');
  });

  it('refuses something that is not an object', () => {
    expect(badInput(() => parseRunRequest('run everything')).code).toBe('BAD_INPUT');
    expect(badInput(() => parseRunRequest(undefined)).code).toBe('BAD_INPUT');
  });
});

describe('parseRunId', () => {
  it('accepts a short id of letters, digits and dashes', () => {
    expect(parseRunId('20250101-abc123')).toBe('20250101-abc123');
  });

  it('refuses paths, empty strings, overlong ids and non-strings', () => {
    for (const bad of ['../etc', '', 'a'.repeat(101), 'a b', 42, null, { id: 'x' }]) {
      expect(badInput(() => parseRunId(bad)).code).toBe('BAD_INPUT');
    }
  });
});

describe('expectNoArguments', () => {
  it('passes with no arguments and refuses any', () => {
    expect(() => expectNoArguments([], 'engines:list')).not.toThrow();
    expect(badInput(() => expectNoArguments([1], 'engines:list')).message).toMatch(/engines:list/);
  });
});
