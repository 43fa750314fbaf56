// Turns a zod issue into a sentence that names the field, so "results[0].stats.mean must be ≥ 0"
// reaches the user instead of a dump of zod's issue list.
import type { z } from 'zod';

export function issuePath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out === '' ? '(top level)' : out;
}

export function describeIssue(issue: z.core.$ZodIssue): string {
  const where = issuePath(issue.path);
  if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined')) {
    return `${where} is missing`;
  }
  return `${where}: ${issue.message}`;
}

/** The first problem, plus how many more there are, for a one-line error. */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  if (issues.length === 0) return 'unknown validation problem';
  const more =
    issues.length > 1 ? ` (and ${issues.length - 1} more problem${issues.length > 2 ? 's' : ''})` : '';
  return `${describeIssue(issues[0])}${more}`;
}
