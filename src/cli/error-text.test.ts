import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MountbenchError } from '../shared/errors';
import { errorText } from './error-text';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mountbench-error-text-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error('expected a throw');
}

describe('errorText', () => {
  it("keeps Mountbench's own sentences", () => {
    expect(errorText(new MountbenchError('BAD_INPUT', 'no such thing'))).toBe('no such thing');
  });

  it('says in words what a real ENOTDIR from the filesystem means, naming the path', () => {
    const file = join(dir, 'file');
    writeFileSync(file, '');
    const err = thrown(() => readdirSync(join(file, 'results')));
    expect(errorText(err)).toBe(
      `${join(file, 'results')}: part of the path is a file, not a folder (ENOTDIR on scandir)`,
    );
  });

  it("turns V8's string limit into a sentence about size", () => {
    const err = thrown(() => 'x'.repeat(2 ** 30));
    expect(err).toBeInstanceOf(RangeError);
    expect(errorText(err)).toBe('a file or an answer was too large to read (more than about 512 MB of text)');
  });

  it('says a TypeError is a bug in Mountbench rather than showing it bare', () => {
    const nothing = null as unknown as { x: number };
    const err = thrown(() => nothing.x);
    expect(errorText(err)).toMatch(
      /^internal error, a bug in Mountbench \(please report it.*\): Cannot read properties of null/,
    );
  });
});
