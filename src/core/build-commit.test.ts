import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildCommit } from './build-commit';

let dir: string;
const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
    cwd: dir,
    encoding: 'utf8',
  }).trim();

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mountbench-build-commit-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('buildCommit (real git)', () => {
  it('names the commit, marks edited tracked files as dirty, and says unknown outside git', () => {
    expect(buildCommit(dir)).toBe('unknown');
    git('init', '-q');
    writeFileSync(join(dir, 'a.txt'), 'one\n');
    git('add', 'a.txt');
    git('commit', '-qm', 'first');
    const head = git('rev-parse', '--short=12', 'HEAD');
    expect(buildCommit(dir)).toBe(head);
    writeFileSync(join(dir, 'untracked.txt'), 'not part of the build\n');
    expect(buildCommit(dir)).toBe(head);
    writeFileSync(join(dir, 'a.txt'), 'two\n');
    expect(buildCommit(dir)).toBe(`${head}-dirty`);
  });
});
