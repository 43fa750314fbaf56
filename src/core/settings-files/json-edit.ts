// Edits the keys Mountbench owns in another product's JSON settings and nothing else: each edited
// value's bytes are replaced in place; a missing key is inserted at the end of its object with the
// indentation its siblings use. Every other byte of the file stays as it was.
import { MountbenchError } from '../../shared/errors';
import type { JsonValue } from '../journal/journal-records';
import { duplicateKeys, scanJsonObject, type ObjectSpan } from './json-spans';
import { jsonErrorText } from '../../shared/json-error-text';

export interface JsonEdit {
  /** Path of object keys from the top, e.g. ['virtualMachine', 'mount', 'type']. */
  path: readonly string[];
  /** undefined removes the key (with its comma); absent keys stay absent. */
  value: JsonValue | undefined;
}

/** A byte-order mark some editors put first: JSON.parse refuses it, so it is read past and kept. */
const BOM = '\ufeff';

/** JSON.parse with an error that names the file and says nothing was changed. */
export function parseJsonSettings(text: string, file: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.startsWith(BOM) ? text.slice(BOM.length) : text);
  } catch (err) {
    throw new MountbenchError(
      'FILE_INVALID',
      `${file} is not valid JSON (${jsonErrorText(err, text)}); Mountbench will not change a file it cannot read. The file was left untouched.`,
    );
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new MountbenchError(
      'FILE_INVALID',
      `${file} does not hold a JSON object; the file was left untouched.`,
    );
  }
  return parsed as Record<string, unknown>;
}

/** The value at `path`, or undefined. */
export function getJsonPath(root: Record<string, unknown>, path: readonly string[]): unknown {
  let node: unknown = root;
  for (const key of path) {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function lineIndentBefore(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart, offset))?.[0] ?? '';
}

/** The text to insert `"key": value` as the last member of `span`, written the way its siblings are. */
function insertion(
  text: string,
  span: ObjectSpan,
  key: string,
  value: JsonValue,
): { at: number; text: string } {
  const last = span.members[span.members.length - 1];
  if (!last) return { at: span.start + 1, text: `${JSON.stringify(key)}: ${JSON.stringify(value)}` };
  const first = span.members[0];
  const sep = text.slice(first.keyEnd, first.valueStart);
  const pair = `${JSON.stringify(key)}${sep}${JSON.stringify(value)}`;
  if (text.slice(span.start, first.keyStart).includes('\n')) {
    return { at: last.valueEnd, text: `,\n${lineIndentBefore(text, last.keyStart)}${pair}` };
  }
  const gap = span.members.length > 1 ? text.slice(first.valueEnd, span.members[1].keyStart) : ', ';
  return { at: last.valueEnd, text: `${gap}${pair}` };
}

/** Cuts one member and the separator that joined it to its neighbour. */
function removeMember(text: string, span: ObjectSpan, index: number): string {
  const member = span.members[index];
  const prev = span.members[index - 1];
  const next = span.members[index + 1];
  if (prev) return `${text.slice(0, prev.valueEnd)}${text.slice(member.valueEnd)}`;
  if (next) return `${text.slice(0, member.keyStart)}${text.slice(next.keyStart)}`;
  return `${text.slice(0, span.start + 1)}${text.slice(span.end)}`;
}

/**
 * Applies `edits` to `text` (valid JSON with an object at the top) and returns the new text.
 * Intermediate objects on a path must exist: Mountbench never invents a product's structure.
 */
export function editJsonText(text: string, edits: readonly JsonEdit[], file = 'the settings file'): string {
  parseJsonSettings(text, file);
  // A leading byte-order mark is kept as it was, and kept out of the way of the edit.
  const bom = text.startsWith(BOM) ? BOM : '';
  let out = text.slice(bom.length);
  for (const edit of edits) {
    const root = scanJsonObject(out);
    const dups = duplicateKeys(root);
    if (dups.length) {
      throw new MountbenchError(
        'FILE_INVALID',
        `${file} has the key ${dups[0]} twice; refusing to edit an ambiguous file.`,
      );
    }
    let span = root;
    for (let i = 0; i < edit.path.length - 1; i++) {
      const member = span.members.find((m) => m.key === edit.path[i]);
      if (!member?.object) {
        throw new MountbenchError(
          'FILE_INVALID',
          `${file} has no object at ${edit.path.slice(0, i + 1).join('.')}; refusing to invent the product's settings structure.`,
        );
      }
      span = member.object;
    }
    const key = edit.path[edit.path.length - 1];
    const member = span.members.find((m) => m.key === key);
    if (edit.value === undefined) {
      if (member) out = removeMember(out, span, span.members.indexOf(member));
    } else if (member) {
      out = `${out.slice(0, member.valueStart)}${JSON.stringify(edit.value)}${out.slice(member.valueEnd)}`;
    } else {
      const ins = insertion(out, span, key, edit.value);
      out = `${out.slice(0, ins.at)}${ins.text}${out.slice(ins.at)}`;
    }
  }
  // Never hand back something the product could not read.
  parseJsonSettings(out, file);
  return bom + out;
}
