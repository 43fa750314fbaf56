// Bounds on untrusted JSON, checked on the text before JSON.parse builds anything: every reader of
// a file or message someone else wrote (imports, compare, the results folder, serve) goes through
// here, so no input can make a reader's work grow faster than its size.
import { issuePath } from './describe-issue';

/** No Mountbench file nests deeper than about 6; anything near this is not ours. */
export const MAX_JSON_DEPTH = 64;

/**
 * A result file has ~20 objects and arrays per result and at most 10,000 results; the limit is
 * well above that. JSON.parse's cost is mostly the objects it allocates, so this bounds the time a
 * parse may block (serve's event loop) far more tightly than the byte limit alone.
 */
export const MAX_JSON_CONTAINERS = 500_000;
/** Results are an array; no object of ours has more than a few dozen keys (params, derived). */
export const MAX_JSON_KEYS_PER_OBJECT = 10_000;
/**
 * Our files use a few hundred different key names at most. Each new name costs V8 a new object
 * shape, so thousands of objects with names of their own parse many times slower per byte.
 */
export const MAX_JSON_DISTINCT_KEYS = 10_000;
/** The schema allows keys of up to 100 characters. */
const MAX_JSON_KEY_LENGTH = 1000;

/**
 * What is wrong with the shape of `text` before parsing it: nesting deeper than `maxDepth`, more
 * than MAX_JSON_CONTAINERS objects and arrays, an object with more than MAX_JSON_KEYS_PER_OBJECT
 * keys, more than MAX_JSON_DISTINCT_KEYS key names or one longer than MAX_JSON_KEY_LENGTH; null
 * when none. One pass (strings skipped, escapes honoured), stopping at the first limit passed:
 * linear in the text, memory bounded by the limits.
 */
export function jsonShapeProblem(text: string, maxDepth: number = MAX_JSON_DEPTH): string | null {
  let depth = 0;
  let containers = 0;
  let inString = false;
  // Keys of the object open at each depth (depth is bounded, so is this).
  const keys = new Array<number>(maxDepth + 2).fill(0);
  const names = new Set<string>();
  // The last string seen: a key when a ':' follows it.
  let stringStart = 0;
  let stringEnd = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i += 1;
      else if (c === 0x22 /* " */) {
        inString = false;
        stringEnd = i;
      }
      continue;
    }
    if (c === 0x22) {
      inString = true;
      stringStart = i + 1;
    } else if (c === 0x3a /* : */) {
      if (stringEnd - stringStart > MAX_JSON_KEY_LENGTH)
        return `it has a key longer than ${MAX_JSON_KEY_LENGTH} characters, which no Mountbench file has`;
      names.add(text.slice(stringStart, stringEnd));
      if (names.size > MAX_JSON_DISTINCT_KEYS)
        return `it uses more than ${MAX_JSON_DISTINCT_KEYS.toLocaleString('en-US')} different key names, which no Mountbench file does`;
      if (depth > 0 && (keys[depth] += 1) > MAX_JSON_KEYS_PER_OBJECT)
        return `an object in it has more than ${MAX_JSON_KEYS_PER_OBJECT.toLocaleString('en-US')} keys, which no Mountbench file has`;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      depth += 1;
      containers += 1;
      if (depth <= maxDepth) keys[depth] = 0;
      if (depth > maxDepth) return `it nests deeper than ${maxDepth} levels, which no Mountbench file does`;
      if (containers > MAX_JSON_CONTAINERS)
        return `it holds more than ${MAX_JSON_CONTAINERS.toLocaleString('en-US')} objects and arrays, which no Mountbench file does`;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth -= 1;
  }
  return null;
}

/** Keys that, once merged into a plain object elsewhere, could rewrite Object.prototype. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const MIGHT_HOLD_FORBIDDEN_KEY = /__proto__|constructor|prototype|\\u/;

/**
 * Path of the first forbidden key (`__proto__`, `constructor`, `prototype`) as `a.b[0].c`, or null.
 * Walks without recursion (deep nesting cannot overflow the stack), and each node keeps only its
 * parent and key: the path is built once, for the key found, so the walk stays linear however deep
 * the input nests. zod drops a `__proto__` record key without a word, so every reader of untrusted
 * JSON checks this first.
 */
export function findForbiddenKey(root: unknown): string | null {
  const parents: number[] = [];
  const keys: PropertyKey[] = [];
  const stack: { value: unknown; node: number }[] = [{ value: root, node: -1 }];
  const pathOf = (node: number, last: string): string => {
    const parts: PropertyKey[] = [last];
    for (let n = node; n !== -1; n = parents[n]) parts.push(keys[n]);
    return issuePath(parts.reverse());
  };
  while (stack.length > 0) {
    const { value, node } = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i += 1) {
        if (typeof value[i] !== 'object' || value[i] === null) continue;
        parents.push(node);
        keys.push(i);
        stack.push({ value: value[i], node: keys.length - 1 });
      }
      continue;
    }
    for (const key of Object.keys(value)) {
      if (FORBIDDEN_KEYS.has(key)) return pathOf(node, key);
      const child = (value as Record<string, unknown>)[key];
      if (typeof child !== 'object' || child === null) continue;
      parents.push(node);
      keys.push(key);
      stack.push({ value: child, node: keys.length - 1 });
    }
  }
  return null;
}

/**
 * JSON.parse for text someone else wrote: a leading byte-order mark is dropped, nesting deeper than
 * MAX_JSON_DEPTH and forbidden keys are refused. Returns the value, or why it was refused (the
 * caller names the file); a JSON syntax error is thrown as JSON.parse throws it.
 */
export function parseUntrustedJson(text: string): { value: unknown } | { refused: string } {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const shape = jsonShapeProblem(body);
  if (shape !== null) return { refused: shape };
  const value: unknown = JSON.parse(body);
  // Spelling a forbidden key takes its letters or a \u escape: text with neither needs no walk,
  // which spares the walk over millions of nodes in a huge array.
  const forbidden = MIGHT_HOLD_FORBIDDEN_KEY.test(body) ? findForbiddenKey(value) : null;
  if (forbidden !== null) return { refused: `it contains the forbidden key ${forbidden}` };
  return { value };
}
