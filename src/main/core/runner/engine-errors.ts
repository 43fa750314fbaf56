// Socket errors from dockerode say what failed in the kernel's words ("connect ECONNREFUSED …").
// When the engine goes away mid-run, the user needs to hear that, in theirs.
import { MountbenchError } from '../../../shared/errors';

const ENGINE_GONE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOENT', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);

export function explainEngineError(err: unknown): unknown {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  const syscall = (err as NodeJS.ErrnoException | null)?.syscall;
  if (typeof code === 'string' && ENGINE_GONE.has(code) && (syscall === 'connect' || code !== 'ENOENT')) {
    return new MountbenchError(
      'ENGINE_UNREACHABLE',
      `the Docker engine stopped answering (${(err as Error).message}); is it still running?`,
      { cause: err },
    );
  }
  return err;
}
