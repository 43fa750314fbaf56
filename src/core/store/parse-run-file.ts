// Reading a result file is reading untrusted input: colleagues send them, users edit them. Every
// way a file can be wrong ends in one MountbenchError('FILE_INVALID') that says what is wrong and
// where, and nothing that is not a valid RunFile gets past this function.
import { MountbenchError } from '../../shared/errors';
import {
  RESULT_SCHEMA_ID,
  RESULT_SCHEMA_VERSION,
  runFileSchema,
  type RunFile,
} from '../../shared/result-schema';
import { describeIssues, issuePath } from './describe-issue';

/** Keys that, once merged into a plain object elsewhere, could rewrite Object.prototype. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function invalid(source: string, reason: string, cause?: unknown): MountbenchError {
  return new MountbenchError('FILE_INVALID', `${source} is not a valid Mountbench result file: ${reason}`, {
    cause,
  });
}

function describeJsonError(text: string, err: Error): string {
  if (text.trim() === '') return 'the file is empty';
  const position = /position (\d+)/.exec(err.message);
  const truncated =
    err.message.includes('Unexpected end of JSON input') ||
    (position !== null && Number(position[1]) >= text.trimEnd().length);
  if (truncated)
    return 'the JSON is truncated (the file ends in the middle of a value; was it copied completely?)';
  return `it is not JSON (${err.message})`;
}

/**
 * Path of the first forbidden key (`__proto__`, `constructor`, `prototype`), walking without
 * recursion so deep nesting cannot overflow the stack. zod drops a `__proto__` record key without a
 * word, so every reader of untrusted JSON checks this first.
 */
export function findForbiddenKey(root: unknown): string | null {
  const stack: { value: unknown; path: PropertyKey[] }[] = [{ value: root, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (Array.isArray(value)) {
      value.forEach((item, i) => stack.push({ value: item, path: [...path, i] }));
    } else if (typeof value === 'object' && value !== null) {
      for (const key of Object.keys(value)) {
        if (FORBIDDEN_KEYS.has(key)) return issuePath([...path, key]);
        stack.push({ value: (value as Record<string, unknown>)[key], path: [...path, key] });
      }
    }
  }
  return null;
}

export function parseRunFileText(text: string, source: string): RunFile {
  let raw: unknown;
  try {
    raw = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (err) {
    throw invalid(source, describeJsonError(text, err as Error), err);
  }
  const forbidden = findForbiddenKey(raw);
  if (forbidden !== null) throw invalid(source, `it contains the forbidden key ${forbidden}`);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw invalid(source, 'expected a JSON object at the top level');
  }
  const { schema, version } = raw as { schema?: unknown; version?: unknown };
  if (schema !== RESULT_SCHEMA_ID) {
    const found = schema === undefined ? 'has no "schema" field' : `has schema ${JSON.stringify(schema)}`;
    throw invalid(source, `it ${found}, expected "${RESULT_SCHEMA_ID}"`);
  }
  if (typeof version === 'number' && Number.isInteger(version) && version > RESULT_SCHEMA_VERSION) {
    throw invalid(
      source,
      `it was written by a newer Mountbench (format version ${version}; this version reads up to ` +
        `${RESULT_SCHEMA_VERSION}). Update Mountbench to open it.`,
    );
  }
  const parsed = runFileSchema.safeParse(raw);
  if (!parsed.success) throw invalid(source, describeIssues(parsed.error.issues));
  return parsed.data;
}
