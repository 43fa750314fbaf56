// The Team page counts each role's first place over machines. A tie counted there may be an
// equivalence on one machine and a sweep's drift or what a run could resolve on another, so it is
// worded by what all of them showed.
import { describe, expect, it } from 'vitest';
import { winnerWordsFor } from './team-words';

describe('winnerWordsFor', () => {
  it('words a counted tie as no measurable difference, never "equivalent"', () => {
    const words = winnerWordsFor({
      role: 'source-tree',
      label: 'bind mount · VZ + VirtioFS',
      state: 'tie',
      machines: 3,
      machineIds: ['a', 'b', 'c'],
    });
    expect(words).toBe(
      'bind mount · VZ + VirtioFS: first, no measurable difference from the next, on 3 machines',
    );
    expect(words).not.toMatch(/equivalent/);
  });
});
