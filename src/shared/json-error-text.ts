// What a JSON syntax error may say about the file it was found in: where, never what. V8's
// messages quote the text around the error (`Unexpected token 'r', "root:*:202"… is not valid
// JSON`), so an error shown for a file Mountbench refused (a link to /etc/shadow passed to import, a
// settings file) would print that file's first bytes to whoever reads the error. Only messages made
// of V8's own words and a position pass; anything quoting the input becomes a plain description.

/** V8's wording without any quoted input: letters, spaces, commas, then an optional position. */
const CONTENT_FREE = /^[A-Za-z ,]+?( in JSON)?( at position \d+)?( \(line \d+ column \d+\))?$/;
const POSITION = /at position (\d+)(?: \(line (\d+) column (\d+)\))?/;
/** Characters a JSON text may start with (after white space). */
const JSON_START = /^\s*[[{"\-0-9tfn]/;

function where(position: number, text: string | undefined): string {
  if (text === undefined) return ` at position ${position}`;
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  const column = position - before.lastIndexOf('\n');
  return ` at line ${line}, column ${column}`;
}

/** The error's description, safe to show: V8's words and a position, none of the input. */
export function jsonErrorText(err: unknown, text?: string): string {
  const message = err instanceof Error ? err.message : String(err);
  if (message.includes('Unexpected end of JSON input')) return 'the JSON ends too early';
  if (CONTENT_FREE.test(message)) {
    const at = POSITION.exec(message);
    const words = message.replace(/ in JSON.*$/, '').replace(/ at position.*$/, '');
    return `${words}${at ? where(Number(at[1]), text) : ''}`;
  }
  const at = POSITION.exec(message);
  if (at) return `an unexpected character${where(Number(at[1]), text)}`;
  if (text !== undefined && !JSON_START.test(text)) return 'it does not start like JSON';
  return 'an unexpected character';
}
