// A reader for XML property lists (`plutil -convert xml1`), for Rancher Desktop's deployment
// profiles: dict, key, string, integer, real, true, false, array, nothing else. Untrusted input:
// the caller bounds the size; nesting is bounded here; anything else is refused, never guessed.
const TOKEN = /<(\/?)([A-Za-z]+)(?:\s[^>]*)?(\/?)>|([^<]+)/g;
const MAX_DEPTH = 32;

type Token = { text: string } | { close: boolean; name: string; empty: boolean };

export type PlistValue = string | number | boolean | PlistValue[] | { [key: string]: PlistValue };

function decode(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The plist's root value; throws Error naming what is wrong for anything but the elements above. */
export function parsePlistXml(xml: string): PlistValue {
  if (/^bplist/.test(xml)) throw new Error('a binary property list (only XML ones are read)');
  const body = xml.replace(/<\?xml[^>]*\?>|<!DOCTYPE[^>]*>|<!--[\s\S]*?-->/g, '');
  const tokens: Token[] = [];
  for (const m of body.matchAll(TOKEN)) {
    if (m[4] !== undefined) {
      if (m[4].trim()) tokens.push({ text: decode(m[4]) });
    } else tokens.push({ close: m[1] === '/', name: m[2], empty: m[3] === '/' });
  }
  let i = 0;
  const isClose = (t: Token | undefined, name: string) =>
    t !== undefined && 'name' in t && t.close && t.name === name;
  const expectClose = (name: string) => {
    if (!isClose(tokens[i++], name)) throw new Error(`expected </${name}>`);
  };
  const textOf = (name: string): string => {
    const t = tokens[i];
    let value = '';
    if (t && 'text' in t) {
      value = t.text;
      i++;
    }
    expectClose(name);
    return value;
  };
  const value = (depth: number): PlistValue => {
    if (depth > MAX_DEPTH) throw new Error(`nested deeper than ${MAX_DEPTH}`);
    const t = tokens[i++];
    if (!t || 'text' in t || t.close) throw new Error('expected a value');
    switch (t.name) {
      case 'true':
      case 'false':
        if (!t.empty) expectClose(t.name);
        return t.name === 'true';
      case 'string':
        return t.empty ? '' : textOf('string');
      case 'integer':
      case 'real': {
        const n = Number(textOf(t.name));
        if (!Number.isFinite(n)) throw new Error(`<${t.name}> is not a number`);
        return n;
      }
      case 'array': {
        const out: PlistValue[] = [];
        if (t.empty) return out;
        while (!isClose(tokens[i], 'array')) {
          if (i >= tokens.length) throw new Error('unclosed <array>');
          out.push(value(depth + 1));
        }
        i++;
        return out;
      }
      case 'dict': {
        const out: { [key: string]: PlistValue } = Object.create(null) as { [key: string]: PlistValue };
        if (t.empty) return out;
        while (!isClose(tokens[i], 'dict')) {
          const k = tokens[i++];
          if (!k || 'text' in k || k.name !== 'key') throw new Error('expected <key>');
          const key = textOf('key');
          out[key] = value(depth + 1);
        }
        i++;
        return out;
      }
      default:
        throw new Error(`<${t.name}> is not read`);
    }
  };
  const open = tokens[i++];
  if (!open || 'text' in open || open.name !== 'plist') throw new Error('no <plist> element');
  const root = value(0);
  expectClose('plist');
  return root;
}
