// Socket errors from dockerode say what failed in the kernel's words ("connect ECONNREFUSED …").
// When the engine goes away mid-run, the user needs to hear that, described the same way discovery
// describes an engine that does not answer.
import { MountbenchError } from '../../shared/errors';
import { describeProbeError } from '../engines/probe-errors';

const ENGINE_GONE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOENT', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);

export function explainEngineError(err: unknown, endpoint: string | null): unknown {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  const syscall = (err as NodeJS.ErrnoException | null)?.syscall;
  if (typeof code === 'string' && ENGINE_GONE.has(code) && (syscall === 'connect' || code !== 'ENOENT')) {
    const why = endpoint ? describeProbeError(err, endpoint) : (err as Error).message;
    return new MountbenchError('ENGINE_UNREACHABLE', `the Docker engine stopped answering: ${why}`, {
      cause: err,
    });
  }
  return err;
}
