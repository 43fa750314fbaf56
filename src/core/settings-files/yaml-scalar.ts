// A deliberately tiny YAML editor for colima.yaml (and lima.yaml): it reads and changes one
// top-level `key: value` line and leaves every other byte alone, comments included. Anything it
// does not fully understand about that key (a block value, a flow value, the key twice) is refused:
// a full YAML library would re-emit the file and lose the user's formatting and comments.
import { MountbenchError } from '../../shared/errors';

export type YamlScalar = string | number | boolean;

interface KeyLine {
  index: number;
  /** Everything up to and including `key:` and the blanks after it. */
  head: string;
  /** The value as written: quotes kept, no comment, no trailing blanks. */
  raw: string;
  /** Trailing blanks and a ` # comment`, kept as they are. */
  comment: string;
}

// A top-level key, plain or quoted, blanks allowed before the colon (`vmType : vz` is valid YAML).
// The colon must end the line or be followed by a blank: `vmType:vz` is one plain scalar, no key.
const KEY = /^(?:"((?:[^"\\]|\\.)*)"|'((?:[^']|'')*)'|([A-Za-z_][\w.-]*))[ \t]*:(?=[ \t]|$)([ \t]*)/;

/** Splits what follows `key: ` into the value and what trails it; a `#` inside quotes is no comment. */
function splitValue(rest: string): { raw: string; comment: string } {
  // `key: # note`: no value, only a comment.
  if (rest.startsWith('#')) return { raw: '', comment: rest };
  let end = -1;
  if (rest.startsWith('"')) {
    const m = /^"(?:[^"\\]|\\.)*"/.exec(rest);
    if (m) end = m[0].length;
  } else if (rest.startsWith("'")) {
    const m = /^'(?:[^']|'')*'/.exec(rest);
    if (m) end = m[0].length;
  }
  if (end < 0) {
    // A plain scalar ends where a comment starts (a `#` after a blank) or at trailing blanks.
    const comment = /[ \t]+#.*$/.exec(rest);
    end = (comment ? rest.slice(0, comment.index) : rest).replace(/[ \t]+$/, '').length;
  }
  return { raw: rest.slice(0, end), comment: rest.slice(end) };
}

/** A double-quoted YAML string's content read as JSON; null for YAML-only escapes (`\\x41`). */
function jsonString(inner: string): string | null {
  try {
    return JSON.parse(`"${inner}"`) as string;
  } catch {
    return null;
  }
}

function parseKeyLine(line: string): { key: string; head: string; rest: string } | null {
  const m = KEY.exec(line);
  if (!m) return null;
  let key = m[3];
  if (m[2] !== undefined) key = m[2].replace(/''/g, "'");
  if (m[1] !== undefined) key = jsonString(m[1]) ?? m[1];
  return { key, head: m[0], rest: line.slice(m[0].length) };
}

function findKey(lines: string[], key: string, file: string): KeyLine | null {
  const hits: KeyLine[] = [];
  lines.forEach((line, index) => {
    const parsed = parseKeyLine(line.replace(/\r$/, ''));
    if (parsed?.key === key) hits.push({ index, head: parsed.head, ...splitValue(parsed.rest) });
  });
  if (hits.length > 1)
    throw new MountbenchError(
      'FILE_INVALID',
      `${file} sets ${key} ${hits.length} times; refusing to guess which one counts.`,
    );
  const hit = hits[0];
  if (!hit) return null;
  const next = lines[hit.index + 1] ?? '';
  if (hit.raw === '' && /^[ \t]+\S|^-/.test(next)) {
    throw new MountbenchError(
      'FILE_INVALID',
      `${key} in ${file} is a block, not a single value; Mountbench only edits single values.`,
    );
  }
  if (/^[|>[{&*!]/.test(hit.raw)) {
    throw new MountbenchError(
      'FILE_INVALID',
      `${key} in ${file} is written in a YAML form Mountbench does not edit (${hit.raw}).`,
    );
  }
  return hit;
}

function unquote(raw: string): string {
  if (raw.startsWith('"') && raw.endsWith('"') && raw.length >= 2) {
    const text = jsonString(raw.slice(1, -1));
    if (text === null)
      throw new MountbenchError('FILE_INVALID', `${raw} uses a YAML escape Mountbench does not read`);
    return text;
  }
  if (raw.startsWith("'") && raw.endsWith("'") && raw.length >= 2)
    return raw.slice(1, -1).replace(/''/g, "'");
  return raw;
}

function render(value: YamlScalar): string {
  const text = String(value);
  return typeof value === 'string' && !/^[A-Za-z0-9_./-]+$/.test(text) ? JSON.stringify(text) : text;
}

/** The top-level value of `key` as text (quotes removed), or null when the key is absent or `null`/`~`. */
export function readYamlScalar(text: string, key: string, file = 'the YAML file'): string | null {
  const hit = findKey(text.split('\n'), key, file);
  if (!hit || hit.raw === '' || hit.raw === '~' || hit.raw === 'null') return null;
  return unquote(hit.raw);
}

/** Sets a top-level `key: value`, keeping its comment; appends the line when the key is absent. */
export function setYamlScalar(text: string, key: string, value: YamlScalar, file = 'the YAML file'): string {
  const lines = text.split('\n');
  const hit = findKey(lines, key, file);
  if (!hit) {
    const body = text === '' || text.endsWith('\n') ? text : `${text}\n`;
    return `${body}${key}: ${render(value)}\n`;
  }
  const cr = lines[hit.index].endsWith('\r') ? '\r' : '';
  const head = /:$/.test(hit.head) ? `${hit.head} ` : hit.head;
  // A comment right after `key: ` needs a blank before it once a value stands there.
  const comment = hit.comment.startsWith('#') ? ` ${hit.comment}` : hit.comment;
  lines[hit.index] = `${head}${render(value)}${comment}${cr}`;
  return lines.join('\n');
}
