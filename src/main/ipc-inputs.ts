// Validation of what the renderer sends. The renderer is treated as untrusted input: a compromised
// page must not be able to hand the core anything the schemas do not allow.
import { z } from 'zod';
import { MountbenchError } from '../shared/errors';
import { runRequestSchema, type RunRequest } from '../shared/run-plan';

/** Same shape as a run file's `id`. */
export const runIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9-]{1,100}$/, 'a run id is 1-100 letters, digits or dashes');

export function parseRunRequest(input: unknown): RunRequest {
  return parseOrThrow(runRequestSchema, input, 'run request');
}

export function parseRunId(input: unknown): string {
  return parseOrThrow(runIdSchema, input, 'run id');
}

/** Calls that take no argument must get none, so a confused caller is told rather than ignored. */
export function expectNoArguments(args: readonly unknown[], what: string): void {
  if (args.length > 0) {
    throw new MountbenchError('BAD_INPUT', `Invalid ${what}: it takes no arguments, got ${args.length}`);
  }
}

function parseOrThrow<T>(schema: z.ZodType<T>, input: unknown, what: string): T {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw new MountbenchError('BAD_INPUT', `Invalid ${what}: ${z.prettifyError(parsed.error)}`);
}
