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
import { describeIssues } from '../../shared/describe-issue';
import { parseUntrustedJson } from '../../shared/json-limits';
import { jsonErrorText } from '../../shared/json-error-text';

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
  return `it is not JSON (${jsonErrorText(err, text)})`;
}

export function parseRunFileText(text: string, source: string): RunFile {
  let parsed: ReturnType<typeof parseUntrustedJson>;
  try {
    parsed = parseUntrustedJson(text);
  } catch (err) {
    throw invalid(source, describeJsonError(text, err as Error), err);
  }
  if ('refused' in parsed) throw invalid(source, parsed.refused);
  const raw = parsed.value;
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
  const checked = runFileSchema.safeParse(raw);
  if (!checked.success) throw invalid(source, describeIssues(checked.error.issues));
  return checked.data;
}
