import { describe, expect, it } from 'vitest';
import { utf8Length } from './utf8-length';

describe('utf8Length', () => {
  it('agrees with an encoder on ASCII, accents, CJK, emoji and a lone surrogate', () => {
    for (const text of ['', 'abc', 'é', 'ü€', '東京', '🐳 docker', '\ud800x', 'x\udc00']) {
      expect(utf8Length(text), text).toBe(new TextEncoder().encode(text).length);
    }
  });
});
