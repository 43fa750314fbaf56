import { describe, expect, it } from 'vitest';
import { jsonErrorText } from './json-error-text';

function errorOf(text: string): unknown {
  try {
    JSON.parse(text);
  } catch (err) {
    return err;
  }
  throw new Error(`${text} parsed`);
}

describe('jsonErrorText', () => {
  const secret = 'root:*:20200:0:99999:7:::\ndaemon:*:20200';
  it.each([
    secret,
    `{"a": 1, ${secret}}`,
    `{"name": "x"} ${secret}`,
    `["${secret}`,
    `{"k": tru${secret}}`,
    `{"a": "${secret}\u0001"}`,
    `{"k": 1e${secret}}`,
  ])('never repeats the text it failed on: %j', (text) => {
    const said = jsonErrorText(errorOf(text), text);
    for (const piece of ['root', 'daemon', '20200', '99999', ':*:']) expect(said).not.toContain(piece);
    expect(said.length).toBeGreaterThan(5);
  });

  it('says where, and that a file does not start like JSON', () => {
    expect(jsonErrorText(errorOf(secret), secret)).toBe('it does not start like JSON');
    expect(jsonErrorText(errorOf('{\n  "a": 1,\n  x\n}'), '{\n  "a": 1,\n  x\n}')).toMatch(
      /line 3, column 3/,
    );
    expect(jsonErrorText(errorOf('{"a": '), '{"a": ')).toBe('the JSON ends too early');
  });
});
