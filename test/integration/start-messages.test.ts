// An empty HOME used to put results and the journal under whatever folder Mountbench was started
// in: it is refused before anything starts, with a message that says what to do. The real CLI runs
// as a child process in a throwaway folder.
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mountbenchChild } from '../support/mountbench-cli';
import { tempDir } from './support';

const root = tempDir('start-messages');
afterAll(() => root.remove());

describe('refused before any work starts', () => {
  it('an empty HOME: restore, results and run say so and write nothing in the current folder', async () => {
    const cwd = join(root.path, 'cwd');
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: '' };
    delete env.MOUNTBENCH_DATA_DIR;
    delete env.XDG_DATA_HOME;
    mkdirSync(cwd);
    for (const args of [
      ['restore'],
      ['results'],
      ['run', '--workload', 'small-file-read', '--mount', 'tmpfs'],
    ]) {
      const out = await mountbenchChild(args, env, { cwd });
      expect(out.stderr, args.join(' ')).toMatch(/HOME is empty; .*Set HOME to your home folder/);
      expect(out.code, args.join(' ')).toBe(2);
    }
    expect(readdirSync(cwd)).toEqual([]);
  });
});
