// Runs a product's CLI (`docker desktop`, `rdctl`, `colima`, `osascript`, `open`) with the
// provider context's environment: the executable is looked up on ctx.env.PATH and runs with
// ctx.env (so HOME too), which is what lets tests use stand-in CLIs and a sandbox home.
import { execFile } from 'node:child_process';
import { MountbenchError } from '../../shared/errors';
import { findExecutable } from '../vocab/find-executable';
import { oncePerOperation } from './once-per-operation';
import type { HasStateReads } from './state-reads';

export interface CommandResult {
  /** Exit code; null when killed by a signal or the timeout. */
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CommandOptions {
  /** Default 60 s: no product CLI call should block a sweep for longer. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /**
   * The answer cannot change while the operation runs (a version, what a profile locks): asked
   * once per operation where `ctx.answers` is set; an answer other than exit 0 is asked again.
   */
  oncePerOperation?: boolean;
  /**
   * A read of the product's state (its instances, whether it runs): shared by the operation's
   * steps for a moment (state-reads.ts) where `ctx.stateReads` is set. Every command that is neither
   * this nor oncePerOperation may change the state, and makes the operation read it again.
   */
  readsState?: boolean;
}

export interface CommandEnv extends HasStateReads {
  env: NodeJS.ProcessEnv;
  signal?: AbortSignal;
  /** The operation's answers (ProviderContext.answers). */
  answers?: Map<string, Promise<unknown>>;
}

/**
 * Never throws for a non-zero exit (the caller reads `code`); throws NOT_INSTALLED when the
 * command is not on PATH and CANCELLED when aborted.
 */
export async function runProductCommand(
  ctx: CommandEnv,
  command: string,
  args: readonly string[],
  options: CommandOptions = {},
): Promise<CommandResult> {
  const executable = command.includes('/') ? command : await findExecutable(command, ctx.env);
  if (!executable) throw new MountbenchError('NOT_INSTALLED', `${command} is not on PATH`);
  const signal = options.signal ?? ctx.signal;
  if (signal?.aborted) throw new MountbenchError('CANCELLED', `cancelled before running ${command}`);
  const key = `command\0${executable}\0${args.join('\0')}`;
  const run = () => spawnCommand(ctx, executable, command, args, options, signal);
  const exitedZero = (answer: CommandResult) => answer.code === 0;
  if (options.oncePerOperation) return oncePerOperation(ctx, key, run, exitedZero);
  // A state read's non-zero exit is an answer too (Rancher Desktop's API when the app is quit); one
  // that timed out or was killed is not.
  if (options.readsState && ctx.stateReads) {
    // The environment is part of the question: Podman's machine provider is an environment variable.
    const asked = `${key}\0${envKey(ctx.env)}`;
    return ctx.stateReads.read(asked, run, (answer) => answer.code !== null, ctx.freshStateReads === true);
  }
  // A command that may change the product: what was read before it, or while it ran, is stale.
  ctx.stateReads?.forgetAll();
  try {
    return await run();
  } finally {
    ctx.stateReads?.forgetAll();
  }
}

function envKey(env: NodeJS.ProcessEnv): string {
  return Object.keys(env)
    .sort()
    .map((name) => `${name}=${env[name] ?? ''}`)
    .join('\0');
}

function spawnCommand(
  ctx: CommandEnv,
  executable: string,
  command: string,
  args: readonly string[],
  options: CommandOptions,
  signal: AbortSignal | undefined,
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    execFile(
      executable,
      [...args],
      {
        env: ctx.env,
        timeout: options.timeoutMs ?? 60_000,
        signal,
        encoding: 'utf8',
        maxBuffer: 16 * 1024 * 1024,
      },
      (err, stdout, stderr) => {
        if (err && (err as { name?: string }).name === 'AbortError') {
          reject(new MountbenchError('CANCELLED', `cancelled while running ${command} ${args.join(' ')}`));
          return;
        }
        const code = err ? (typeof err.code === 'number' ? err.code : null) : 0;
        if (err && typeof err.code === 'string') {
          reject(new MountbenchError('IO', `could not run ${command}: ${err.message}`));
          return;
        }
        resolve({ code, stdout, stderr });
      },
    );
  });
}
