// What the CLI says for an error that reached the top. Mountbench's own errors are sentences
// already; a system error (ENOTDIR, EACCES…) or a JavaScript engine error would otherwise reach the
// user as a bare code or as words about the program's insides.
import { MountbenchError } from '../shared/errors';
import { errnoWords } from '../shared/errno-words';

interface SystemError extends Error {
  code?: unknown;
  syscall?: unknown;
  path?: unknown;
}

export function errorText(err: unknown): string {
  if (err instanceof MountbenchError) return err.message;
  if (!(err instanceof Error)) return String(err);
  const system = err as SystemError;
  const words = errnoWords(system.code);
  if (words) {
    const path = typeof system.path === 'string' ? `${system.path}: ` : '';
    const call = typeof system.syscall === 'string' ? ` on ${system.syscall}` : '';
    return `${path}${words} (${String(system.code)}${call})`;
  }
  // V8's limit on one string (about 512 MiB): only a file or an answer far too large reaches it.
  if (err instanceof RangeError && /string longer than|Invalid string length/.test(err.message))
    return 'a file or an answer was too large to read (more than about 512 MB of text)';
  if (err instanceof TypeError || err instanceof ReferenceError)
    return `internal error, a bug in Mountbench (please report it with the command you ran): ${err.message}`;
  return err.message;
}
