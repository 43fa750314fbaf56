// The app's own format: the versioned run file, byte for byte what saveRun writes, so an exported
// file can be imported, compared or opened by the dashboard on another machine.
import { MountbenchError } from '../../shared/errors';
import { runFileSchema, type RunFile } from '../../shared/result-schema';
import { describeIssues } from '../../shared/describe-issue';

/** The largest result file any reader takes; the writer never writes more (runFileText). */
export const MAX_RUN_FILE_BYTES = 50 * 1024 * 1024;

/**
 * A run as stored: indented for people, unless that would pass MAX_RUN_FILE_BYTES (indentation
 * doubles a file of many samples: an import of 32 MB became 67 MB that every reader then refused),
 * then on one line, which every reader reads the same.
 */
export function runFileText(run: RunFile, limit = MAX_RUN_FILE_BYTES): string {
  const pretty = `${JSON.stringify(run, null, 2)}\n`;
  // Cheap first: a UTF-16 length under a third of the limit cannot be over it in UTF-8.
  if (pretty.length * 3 <= limit || Buffer.byteLength(pretty) <= limit) return pretty;
  return `${JSON.stringify(run)}\n`;
}

export function runFileJson(run: RunFile): string {
  // Parsing puts the keys in the schema's order and drops anything the schema does not know, as
  // saveRun does, so the two never write different text for the same run.
  const parsed = runFileSchema.safeParse(run);
  if (!parsed.success) {
    throw new MountbenchError(
      'FILE_INVALID',
      `Refusing to export an invalid run: ${describeIssues(parsed.error.issues)}`,
    );
  }
  return runFileText(parsed.data);
}
