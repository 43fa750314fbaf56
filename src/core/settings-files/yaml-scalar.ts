// A deliberately tiny YAML editor for colima.yaml (and lima.yaml): it reads and changes one
// top-level `key: value` line and leaves every other byte alone, comments included. Anything it
// does not fully understand about that key (a block value, a flow value, the key twice) is refused:
// a full YAML library would re-emit the file and lose the user's formatting and comments.
import { MountbenchError } from '../../shared/errors';

export type YamlScalar = string | number | boolean;

interface KeyLine {
  index: number;
  /** Everything up to and including `key:` and the spaces after it. */
  head: string;
  raw: string;
  /** A trailing ` # comment`, kept as it is. */
  comment: string;
}

const LINE = /^([A-Za-z_][\w.-]*):([ \t]*)(.*?)([ \t]+#.*)?$/;

function findKey(lines: string[], key: string, file: string): KeyLine | null {
  const hits: KeyLine[] = [];
  lines.forEach((line, index) => {
    const m = LINE.exec(line.replace(/\r$/, ''));
    if (m && m[1] === key) hits.push({ index, head: `${m[1]}:${m[2]}`, raw: m[3], comment: m[4] ?? '' });
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
  if (raw.startsWith('"') && raw.endsWith('"') && raw.length >= 2) return JSON.parse(raw) as string;
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
  const head = hit.head.endsWith(':') ? `${hit.head} ` : hit.head;
  lines[hit.index] = `${head}${render(value)}${hit.comment}${cr}`;
  return lines.join('\n');
}
