import { describe, expect, it } from 'vitest';
import { MountbenchError } from '../../shared/errors';
import { customProfile, parseWeights, validateWeights } from './custom-weights';

function badInput(fn: () => unknown): MountbenchError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(MountbenchError);
    expect((err as MountbenchError).code).toBe('BAD_INPUT');
    return err as MountbenchError;
  }
  throw new Error('expected a BAD_INPUT error');
}

describe('parseWeights', () => {
  it('reads workload=weight pairs, spaces allowed, cases included', () => {
    expect(parseWeights('small-file-read=3, dd-write = 1 ,buffered-read:128=0.5')).toEqual({
      'small-file-read': 3,
      'dd-write': 1,
      'buffered-read:128': 0.5,
    });
  });
  it('keeps zero weights when another one is positive', () => {
    expect(parseWeights('site-build=1,dd-write=0')).toEqual({ 'site-build': 1, 'dd-write': 0 });
  });
  it.each([
    ['', /empty/],
    ['   ', /empty/],
    ['small-file-read', /no "="/],
    ['=3', /no workload/],
    ['small-file-read=3,,dd-write=1', /empty entry/],
    ['small-file-read=abc', /must be a number, got "abc"/],
    ['small-file-read=', /must be a number, got ""/],
    ['small-file-read=1x', /must be a number/],
    ['small-file-read=-1', /must not be negative/],
    ['small-file-read=1e999', /finite/],
    ['small-file-read=1,small-file-read=2', /weighted twice/],
    ['small-file-read=0,dd-write=0', /all zero/],
    ['small-file-reads=1', /unknown workload "small-file-reads".*known: small-file-read/],
    ['buffered-read:64=1', /unknown workload "buffered-read:64"/],
  ])('refuses %j', (text, message) => {
    expect(badInput(() => parseWeights(text)).message).toMatch(message);
  });
});

describe('validateWeights', () => {
  it.each([
    [{}, /empty/],
    [{ 'dd-write': Number.NaN }, /finite/],
    [{ 'dd-write': Infinity }, /finite/],
    [{ 'dd-write': '2' }, /finite number, got "2"/],
    [{ 'dd-write': -0.5 }, /negative/],
    [{ compile: 1 }, /unknown workload "compile"/],
  ])('refuses %j', (weights, message) => {
    expect(badInput(() => validateWeights(weights)).message).toMatch(message);
  });
});

describe('customProfile', () => {
  it('makes a profile that weighs only what was named', () => {
    const profile = customProfile({ 'small-file-read': 3, 'dd-write': 1 });
    expect(profile).toMatchObject({
      id: 'custom',
      weights: { 'small-file-read': 3, 'dd-write': 1 },
      otherWorkloads: 0,
    });
    expect(profile.description).toBe('small-file-read=3, dd-write=1');
  });
});
