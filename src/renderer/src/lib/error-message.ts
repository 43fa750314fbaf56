// What the user reads when a call fails. The transports already rebuild errors from
// `{ name, message, code }`, but Electron prefixes a rejected invoke with "Error invoking remote
// method 'x': Error: " — never show that wrapper, only the message the core wrote.
import { MountbenchError } from '../../../shared/errors';
import { remedyAsSentence } from '../../../shared/remedy-words';

const ELECTRON_WRAPPER = /^Error invoking remote method '[^']*': (?:[A-Za-z]*Error: )?/;

export function errorMessage(err: unknown): string {
  const raw =
    err instanceof Error
      ? err.message
      : typeof err === 'object' && err !== null && 'message' in err && typeof err.message === 'string'
        ? err.message
        : String(err);
  const message = raw.replace(ELECTRON_WRAPPER, '').trim();
  const remedy = err instanceof MountbenchError && err.remedy ? ` ${remedyAsSentence(err.remedy)}` : '';
  return (message || 'Something went wrong, and the core gave no message.') + remedy;
}

/** The error code the core attached (`CANCELLED`, `FILE_INVALID`…), when there is one. */
export function errorCode(err: unknown): string | null {
  if (typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string')
    return err.code;
  return null;
}
