// Result files as a colleague would send them: made by the CLI (`mountbench run … --json FILE`)
// with data folders of its own, so importing them into the dashboard is a real import. Made once
// per worker, on first use, and shared by the flows that import them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mountbenchChild } from '../../test/support/mountbench-cli';
import { REPO_ROOT } from './paths';
import { sandboxDirs, sandboxEnv } from './sandbox-dirs';

export interface ResultFile {
  path: string;
  /** The run id the file carries: what the dashboard stores it under. */
  runId: string;
}

const RUN_ARGS = ['--mount', 'host,tmpfs', '--workload', 'dd-write', '--size', 'quick', '--runs', '3'];

/** `mountbench run ARGS --json FILE` from the checkout, in the environment given. */
export function cliRun(
  file: string,
  env: NodeJS.ProcessEnv,
  args: readonly string[] = RUN_ARGS,
): Promise<void> {
  return mountbenchChild(['run', ...args, '--json', file], env, { cwd: REPO_ROOT }).then(
    ({ code, stderr }) => {
      if (code !== 0) throw new Error(`mountbench run exited ${code}:\n${stderr.slice(-2000)}`);
    },
  );
}

export interface ResultFileMaker {
  /** Two result files of `dd-write` (quick, 3 runs) on tmpfs and the host baseline, made on first use. */
  get(): Promise<ResultFile[]>;
  remove(): void;
}

export function resultFileMaker(): ResultFileMaker {
  const dirs = sandboxDirs('cli');
  let made: Promise<ResultFile[]> | null = null;
  const make = async () => {
    const env = sandboxEnv(dirs);
    const files: ResultFile[] = [];
    // One after the other: two runs at once would measure each other.
    for (const name of ['colleague-a.json', 'colleague-b.json']) {
      const path = join(dirs.root, name);
      await cliRun(path, env);
      const runId = (JSON.parse(readFileSync(path, 'utf8')) as { id: string }).id;
      files.push({ path, runId });
    }
    return files;
  };
  return {
    get: () => (made ??= make()),
    remove: () => dirs.remove(),
  };
}
