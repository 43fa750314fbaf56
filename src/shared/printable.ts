// Text from result files is other people's text: a label holding ESC sequences would clear the
// terminal or retitle the window when `compare` prints it, and a newline would forge a table row.
// Every output escapes it (visibly: `\x1b`, `\n`), and imports refuse it in the first place.

/** C0 and C1 controls, DEL, and the Unicode bidirectional overrides that reorder what is shown. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

function escape(ch: string): string {
  if (ch === '\n') return '\\n';
  if (ch === '\r') return '\\r';
  if (ch === '\t') return '\\t';
  const code = ch.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16)}`;
}

/** One line of text safe to print: every control character shown as an escape, except `keep`. */
export function printable(text: string, keep = ''): string {
  return text.replace(CONTROL, (ch) => (keep.includes(ch) ? ch : escape(ch)));
}

/** A whole output (a table, a Markdown file): control characters escaped, its line breaks kept. */
export function printableLines(text: string): string {
  return printable(text, '\n');
}

/**
 * JSON for a terminal: JSON.stringify escapes C0 controls but leaves DEL, C1 controls and the
 * bidirectional overrides raw; these become `\uXXXX` escapes, which JSON reads back the same.
 */
export function printableJson(json: string): string {
  return json.replace(
    /[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The first control character in `text` as its escape, or null. */
export function controlCharacterIn(text: string): string | null {
  const found = text.match(new RegExp(CONTROL.source));
  return found ? escape(found[0]) : null;
}

/** A Markdown table cell: control characters escaped, then pipes and backslashes. */
export function markdownCell(cell: string): string {
  return printable(cell).replace(/\\/g, '\\\\').replace(/\|/g, '\\|');
}

// Raw DEL, C1 controls and the bidirectional overrides; raw C0 controls cannot be in a JSON string.
const RAW_CONTROL_OR_ESCAPE = /[\\\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/**
 * False when no string JSON.parse makes of `json` can hold a control character (findControlCharacter
 * would find none): JSON refuses C0 controls raw in a string, so one gets there only through an
 * escape (a backslash) or, for DEL, C1 and the overrides, raw. One scan of the text, far cheaper
 * than walking every value of the parsed file; true means "walk it", not "it has one".
 */
export function jsonMightHoldControl(json: string): boolean {
  return RAW_CONTROL_OR_ESCAPE.test(json);
}

/** Free-text fields of a result file that may hold line breaks and tabs (error output, warnings). */
const MULTI_LINE_KEYS = new Set(['message', 'reason', 'warnings', 'params']);

/**
 * Where the first string in `value` holds a control character it should not (`results[0].backend.label
 * holds \x1b`), or null. Line breaks and tabs are allowed only under MULTI_LINE_KEYS. For values
 * already checked by a schema: the walk recurses, as deep as the schema allows.
 */
export function findControlCharacter(value: unknown, at = '', multiLine = false): string | null {
  if (typeof value === 'string') {
    const found = controlCharacterIn(multiLine ? value.replace(/[\r\n\t]/g, '') : value);
    return found ? `${at || '(top level)'} holds ${found}` : null;
  }
  if (typeof value !== 'object' || value === null) return null;
  // A child's path is built only for a child that can hold text: a run's samples are millions of
  // numbers, and a path string made for each kept a 40 MB import busy for seconds.
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const child: unknown = value[i];
      if (!holdsText(child)) continue;
      // An element inherits its array's rule (its key, `name[i]`, is never a multi-line key).
      const found = findControlCharacter(child, `${at}[${i}]`, multiLine);
      if (found) return found;
    }
    return null;
  }
  for (const [name, child] of Object.entries(value)) {
    if (!holdsText(child)) continue;
    const key = name.slice(name.lastIndexOf('.') + 1);
    const found = findControlCharacter(
      child,
      at ? `${at}.${name}` : name,
      multiLine || MULTI_LINE_KEYS.has(key),
    );
    if (found) return found;
  }
  return null;
}

function holdsText(value: unknown): boolean {
  return typeof value === 'string' || (typeof value === 'object' && value !== null);
}
