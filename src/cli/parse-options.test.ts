import { describe, expect, it } from 'vitest';
import { parseCount, parseList } from './parse-options';

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
