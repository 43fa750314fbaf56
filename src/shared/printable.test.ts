import { describe, expect, it } from 'vitest';
import { printable, printableJson, printableLines } from './printable';

describe('printable', () => {
  it('escapes ESC, BEL, C1 and the bidirectional overrides visibly', () => {
    expect(printable('a\u001b[2Jb\u001b]0;t\u0007c\u202ed\u009be')).toBe(
      'a\\x1b[2Jb\\x1b]0;t\\x07c\\u202ed\\x9be',
    );
    expect(printableLines('one\ntwo\u001b')).toBe('one\ntwo\\x1b');
  });

  it('printableJson leaves JSON that reads back the same, with nothing raw for the terminal', () => {
    const value = { name: 'evil\u001b[2J\u202etxt\u0085\u007f' };
    const json = printableJson(JSON.stringify(value));
    // eslint-disable-next-line no-control-regex -- looking for raw control characters is the point
    expect(json).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});
