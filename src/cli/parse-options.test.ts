import { describe, expect, it } from 'vitest';
import { parseCount, parseDuration, parseList, parseOne, parseSeconds } from './parse-options';

describe('parseList', () => {
  it('keeps valid values once, in order', () => {
    expect(parseList('--mount', 'tmpfs, bind,tmpfs', ['bind', 'tmpfs', 'host'])).toEqual(['tmpfs', 'bind']);
  });
  it('names the valid values for an unknown one', () => {
    expect(() => parseList('--mount', 'bind,nfs', ['bind', 'tmpfs'])).toThrow(
      'unknown mount "nfs"; valid: bind, tmpfs',
    );
  });
  it('refuses an empty list', () => {
    expect(() => parseList('--workload', ' , ', ['dd-write'])).toThrow(/needs at least one value/);
  });
});

describe('parseCount', () => {
  it.each(['0', '-1', '1.5', 'ten', '', '1e3'])('refuses %j for --runs', (value) => {
    expect(() => parseCount('--runs', value, { min: 1, max: 1000 })).toThrow(/--runs must be/);
  });
  it('takes a positive whole number', () => {
    expect(parseCount('--runs', '12', { min: 1, max: 1000 })).toBe(12);
  });
});

describe('parseDuration', () => {
  it.each([
    ['10m', 600],
    ['90s', 90],
    ['1h', 3600],
    ['45', 45],
    ['1.5m', 90],
  ])('reads %j as %d s', (value, seconds) => {
    expect(parseDuration('--budget', value, { min: 10, max: 86_400 })).toBe(seconds);
  });

  it.each(['', 'ten minutes', '-5m', '5d'])('refuses %j', (value) => {
    expect(() => parseDuration('--budget', value, { min: 10, max: 86_400 })).toThrow(
      /--budget must be a duration/,
    );
  });

  it('refuses a budget too short to measure anything', () => {
    expect(() => parseDuration('--budget', '5s', { min: 10, max: 86_400 })).toThrow(/between 10 s and 24 h/);
  });
});

describe('parseOne', () => {
  it('refuses a list instead of keeping its first item', () => {
    expect(() => parseOne('--size', 'quick,default', ['quick', 'default'])).toThrow(
      '--size takes one value, got 2: quick, default',
    );
  });
  it('takes one valid value', () => {
    expect(parseOne('--provider', ' colima ', ['colima', 'orbstack'])).toBe('colima');
  });
});

describe('parseSeconds', () => {
  it.each(['1e9', 'Infinity', 'NaN', '-1', '', '0x10', '700'])('refuses %j', (value) => {
    expect(() => parseSeconds('--timeout', value, { min: 0.1, max: 600 })).toThrow(/--timeout must be/);
  });
  it('takes decimal seconds within bounds', () => {
    expect(parseSeconds('--timeout', '0.5', { min: 0.1, max: 600 })).toBe(0.5);
  });
});
