// Every git call of the team dataset goes through here: the installed `git` command, run without a
// shell, hardened against what a remote or a clone could make it do. Hooks never run (a cloned repo
// cannot bring its own), the `ext::` transport that runs commands is off, nothing ever waits for a
// password on a terminal, each call has a timeout and a bound on what it may print, and commits are
// made as Mountbench, never with the user's name and e-mail from their git config.
import { execFile } from 'node:child_process';
import { MountbenchError } from '../../shared/errors';

export const GIT_HARDENING = [
  '-c',
  'core.hooksPath=/dev/null',
  '-c',
  'protocol.ext.allow=never',
  '-c',
  'protocol.file.allow=always',
  // A user's config may ask to sign commits, which would wait on a pinentry or fail.
  '-c',
  'commit.gpgsign=false',
  '-c',
  'tag.gpgsign=false',
  // The author of a dataset commit is Mountbench: the user's name must not reach the team's history.
  '-c',
  'user.name=Mountbench',
  '-c',
  'user.email=mountbench@users.noreply.invalid',
  '-c',
  'core.autocrlf=false',
] as const;

/** Long enough for a clone over a slow link; a hung remote still ends. */
export const GIT_NETWORK_TIMEOUT_MS = 120_000;
export const GIT_LOCAL_TIMEOUT_MS = 30_000;
/** What one git call may print: a listing of a 100,000-file dataset fits. */
export const GIT_MAX_OUTPUT_BYTES = 16 * 1024 * 1024;

export interface GitOptions {
  cwd: string;
  timeoutMs?: number;
  signal?: AbortSignal;
  env?: NodeJS.ProcessEnv;
}

export class GitFailed extends MountbenchError {
  constructor(
    message: string,
    readonly stderr: string,
    readonly exitCode: number | null,
  ) {
    super('IO', message);
  }
}

function environment(extra: NodeJS.ProcessEnv | undefined): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  // Inherited from a git hook or an outer repository, these would aim every call somewhere else.
  for (const name of [
    'GIT_DIR',
    'GIT_WORK_TREE',
    'GIT_INDEX_FILE',
    'GIT_OBJECT_DIRECTORY',
    'GIT_CONFIG_PARAMETERS',
  ])
    delete env[name];
  env.GIT_TERMINAL_PROMPT = '0';
  // ssh must not ask either (a host key or a passphrase): it fails instead, and the error says why.
  if (!env.GIT_SSH_COMMAND) env.GIT_SSH_COMMAND = 'ssh -o BatchMode=yes';
  // A rebase or commit must never open an editor and wait for it.
  env.GIT_EDITOR = 'true';
  env.LC_ALL = 'C';
  return env;
}

/** What git printed on stderr, trimmed to what a message can hold. */
function lastLines(text: string): string {
  const lines = text.trim().split('\n').filter(Boolean);
  return lines.slice(-6).join('\n').slice(0, 2000);
}

/** Runs `git <args>` and returns its stdout; throws GitFailed with git's own words otherwise. */
export function git(args: readonly string[], options: GitOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      [...GIT_HARDENING, ...args],
      {
        cwd: options.cwd,
        env: environment(options.env),
        timeout: options.timeoutMs ?? GIT_LOCAL_TIMEOUT_MS,
        maxBuffer: GIT_MAX_OUTPUT_BYTES,
        signal: options.signal,
        windowsHide: true,
        encoding: 'utf8',
      },
      (err, stdout, stderr) => {
        if (!err) return resolve(stdout);
        if (options.signal?.aborted)
          return reject(new MountbenchError('CANCELLED', 'cancelled while git was running', { cause: err }));
        const e = err as NodeJS.ErrnoException & { killed?: boolean; code?: number | string };
        if (e.code === 'ENOENT')
          return reject(
            new MountbenchError(
              'NOT_INSTALLED',
              'git is not installed (or not on PATH); team datasets need it. On a Mac: xcode-select --install',
            ),
          );
        const what = `git ${args
          .filter((a) => !a.startsWith('-c'))
          .slice(0, 2)
          .join(' ')}`;
        if (e.killed)
          return reject(
            new GitFailed(
              `${what} did not finish within ${(options.timeoutMs ?? GIT_LOCAL_TIMEOUT_MS) / 1000} s`,
              stderr,
              null,
            ),
          );
        if (e.code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER')
          return reject(
            new GitFailed(`${what} printed more than ${GIT_MAX_OUTPUT_BYTES} bytes`, stderr, null),
          );
        const exitCode = typeof e.code === 'number' ? e.code : null;
        reject(new GitFailed(`${what} failed: ${lastLines(stderr) || `exit ${exitCode}`}`, stderr, exitCode));
      },
    );
  });
}
