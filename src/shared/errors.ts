// Errors cross every boundary (IPC, WebSocket, CLI exit) as plain data, never as a bare Error,
// so the user always sees the message and the UI can branch on `code`.

export const ERROR_CODES = [
  'BAD_INPUT',
  /** Another job (run, sweep, apply) is in progress: nothing is wrong with the request. */
  'BUSY',
  /** The product (or tool) the request names is not on this machine. */
  'NOT_INSTALLED',
  'ENGINE_UNREACHABLE',
  'ENGINE_NOT_FOUND',
  'IMAGE_UNAVAILABLE',
  'WORKLOAD_FAILED',
  'CANCELLED',
  'FILE_INVALID',
  'IO',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * What the user can do about an error, as data: the core never words it for one front door. The
 * CLI says it as a command (cli/remedy-text.ts), the dashboard as a sentence (remedy-words.ts).
 */
export type Remedy =
  /** Finish an unfinished settings journal (originals back). */
  | { kind: 'restore-settings' }
  /** Wait for the job in progress, or cancel it by its id. */
  | { kind: 'wait-or-cancel'; job: 'run' | 'sweep' | 'apply'; id: string }
  /** Give the request what only the CLI can take (the custom workload's command). */
  | { kind: 'use-cli'; what: string };

export interface SerializedError {
  name: string;
  message: string;
  code: ErrorCode;
  remedy?: Remedy;
}

export class MountbenchError extends Error {
  readonly code: ErrorCode;
  readonly remedy?: Remedy;
  constructor(code: ErrorCode, message: string, options?: { cause?: unknown; remedy?: Remedy }) {
    super(message, options);
    this.name = 'MountbenchError';
    this.code = code;
    if (options?.remedy) this.remedy = options.remedy;
  }
}

export function serializeError(err: unknown): SerializedError {
  if (err instanceof MountbenchError)
    return {
      name: err.name,
      message: err.message,
      code: err.code,
      ...(err.remedy ? { remedy: err.remedy } : {}),
    };
  if (err instanceof Error) {
    const code: ErrorCode = err.name === 'AbortError' ? 'CANCELLED' : 'INTERNAL';
    return { name: err.name, message: err.message, code };
  }
  return { name: 'Error', message: String(err), code: 'INTERNAL' };
}
