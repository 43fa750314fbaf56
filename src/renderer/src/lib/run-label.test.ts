import { describe, expect, it } from 'vitest';
import { comparedWords, isEmptyRun, runLabel } from './run-label';

const run = {
  backends: ['bind mount · native', 'tmpfs'],
  workloads: ['dd-write' as const],
  resultCount: 2,
  winner: { state: 'decided' as const, label: 'tmpfs' },
};

describe('runLabel', () => {
  it('says what a run compared and what won', () => {
    expect(runLabel(run)).toBe('bind mount · native vs tmpfs · dd-write — tmpfs won');
    expect(runLabel({ ...run, winner: { state: 'tie', label: 'tmpfs' } })).toBe(
      'bind mount · native vs tmpfs · dd-write — equivalent',
    );
    expect(runLabel({ ...run, winner: null })).toBe('bind mount · native vs tmpfs · dd-write');
  });

  it('tells two runs on one machine apart by what they measured', () => {
    const other = { ...run, backends: ['named volume', 'host (no container): baseline'], winner: null };
    expect(runLabel(other)).not.toBe(runLabel(run));
  });

  it('names three backends, then counts the rest, and counts several workloads', () => {
    expect(
      comparedWords({
        backends: ['a', 'b', 'c', 'd', 'e'],
        workloads: ['dd-write', 'metadata-walk'],
        resultCount: 10,
      }),
    ).toBe('a vs b vs c + 2 more · 2 workloads');
  });

  it('says when nothing ran', () => {
    const empty = { backends: [], workloads: [], resultCount: 0, winner: null };
    expect(runLabel(empty)).toBe('nothing ran');
    expect(isEmptyRun(empty)).toBe(true);
    expect(isEmptyRun(run)).toBe(false);
  });
});
