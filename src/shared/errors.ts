// Errors cross every boundary (IPC, WebSocket, CLI exit) as plain data, never as a bare Error,
// so the user always sees the message and the UI can branch on `code`.

export const ERROR_CODES = [
  'BAD_INPUT',
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

export interface SerializedError {
  name: string;
  message: string;
  code: ErrorCode;
}

export class MountbenchError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MountbenchError';
    this.code = code;
  }
}

export function serializeError(err: unknown): SerializedError {
  if (err instanceof MountbenchError) return { name: err.name, message: err.message, code: err.code };
  if (err instanceof Error) {
    const code: ErrorCode = err.name === 'AbortError' ? 'CANCELLED' : 'INTERNAL';
    return { name: err.name, message: err.message, code };
  }
  return { name: 'Error', message: String(err), code: 'INTERNAL' };
}
