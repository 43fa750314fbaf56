// A JSON reader that remembers where every object member sits in the text, so an edit can replace
// just one value and leave every other byte (key order, spacing, unknown keys) as the user had it.
// It runs only on text JSON.parse has already accepted, so it can stay small.

export interface MemberSpan {
  key: string;
  /** Offset of the key's opening quote. */
  keyStart: number;
  /** Offset just past the key's closing quote. */
  keyEnd: number;
  valueStart: number;
  /** Offset just past the value. */
  valueEnd: number;
  /** Set when the value is an object. */
  object?: ObjectSpan;
}

export interface ObjectSpan {
  /** Offset of `{`. */
  start: number;
  /** Offset of `}`. */
  end: number;
  members: MemberSpan[];
}

class Scanner {
  pos = 0;
  constructor(readonly text: string) {}

  ws(): void {
    while (this.pos < this.text.length && ' \t\r\n'.includes(this.text[this.pos])) this.pos++;
  }

  string(): string {
    const start = this.pos;
    this.pos++; // opening quote
    while (this.text[this.pos] !== '"') this.pos += this.text[this.pos] === '\\' ? 2 : 1;
    this.pos++;
    return JSON.parse(this.text.slice(start, this.pos)) as string;
  }

  value(): ObjectSpan | undefined {
    const c = this.text[this.pos];
    if (c === '{') return this.object();
    if (c === '[') {
      this.pos++;
      this.ws();
      while (this.text[this.pos] !== ']') {
        this.value();
        this.ws();
        if (this.text[this.pos] === ',') this.pos++;
        this.ws();
      }
      this.pos++;
      return undefined;
    }
    if (c === '"') {
      this.string();
      return undefined;
    }
    while (this.pos < this.text.length && !',]} \t\r\n'.includes(this.text[this.pos])) this.pos++;
    return undefined;
  }

  object(): ObjectSpan {
    const span: ObjectSpan = { start: this.pos, end: -1, members: [] };
    this.pos++;
    this.ws();
    while (this.text[this.pos] !== '}') {
      const keyStart = this.pos;
      const key = this.string();
      const keyEnd = this.pos;
      this.ws();
      this.pos++; // colon
      this.ws();
      const valueStart = this.pos;
      const object = this.value();
      span.members.push({
        key,
        keyStart,
        keyEnd,
        valueStart,
        valueEnd: this.pos,
        ...(object ? { object } : {}),
      });
      this.ws();
      if (this.text[this.pos] === ',') this.pos++;
      this.ws();
    }
    span.end = this.pos;
    this.pos++;
    return span;
  }
}

/** The top-level object's spans; the text must be valid JSON whose top level is an object. */
export function scanJsonObject(text: string): ObjectSpan {
  const scanner = new Scanner(text);
  scanner.ws();
  if (text[scanner.pos] !== '{') throw new Error('the top level is not a JSON object');
  return scanner.object();
}

/** Keys that appear twice in one object: an edit could not tell which one the product reads. */
export function duplicateKeys(span: ObjectSpan, prefix = ''): string[] {
  const seen = new Set<string>();
  const dups: string[] = [];
  for (const m of span.members) {
    const name = prefix ? `${prefix}.${m.key}` : m.key;
    if (seen.has(m.key)) dups.push(name);
    seen.add(m.key);
    if (m.object) dups.push(...duplicateKeys(m.object, name));
  }
  return dups;
}
