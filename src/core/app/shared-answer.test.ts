import { describe, expect, it } from 'vitest';
import { isSharedAnswer, shareAnswer } from './shared-answer';

describe('shareAnswer', () => {
  it('freezes the answer all the way down and marks it', () => {
    const answer = shareAnswer([{ id: 'a', backends: ['bind'], winner: { roles: [{ role: 'x' }] } }]);
    expect(isSharedAnswer(answer)).toBe(true);
    expect(Object.isFrozen(answer)).toBe(true);
    expect(Object.isFrozen(answer[0])).toBe(true);
    expect(Object.isFrozen(answer[0]?.backends)).toBe(true);
    expect(Object.isFrozen(answer[0]?.winner.roles[0])).toBe(true);
    expect(() => ((answer[0] as { id: string }).id = 'b')).toThrow(TypeError);
  });

  it('marks nothing else', () => {
    expect(isSharedAnswer([{ id: 'a' }])).toBe(false);
    expect(isSharedAnswer(Object.freeze([]))).toBe(false);
    expect(isSharedAnswer(null)).toBe(false);
    expect(shareAnswer(3)).toBe(3);
  });
});
