// The app's own format: the versioned run file, byte for byte what saveRun writes, so an exported
// file can be imported, compared or opened by the dashboard on another machine.
import { MountbenchError } from '../../shared/errors';
import { runFileSchema, type RunFile } from '../../shared/result-schema';
import { describeIssues } from '../../shared/describe-issue';

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
  return `${JSON.stringify(parsed.data, null, 2)}\n`;
}
