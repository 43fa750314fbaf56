// Adversarial and random JSON texts for the readers of untrusted result files (import, compare,
// the results folder, serve): deep nesting up to the size limit, huge arrays and objects, control
// characters in labels, and seeded random mutations of a valid run. Shared by the property test
// (hostile-json.test.ts) and bench/hostile-json.ts, which times every case.
import { runFileJson } from '../run-json';
import { seededRandom } from '../../../shared/seeded-random';
import { sampleRun } from './run-fixture';

export interface HostileCase {
  name: string;
  text: string;
}

const MB = 1024 * 1024;

function validRunText(): string {
  return runFileJson(sampleRun());
}

/** Deep, huge and hostile shapes, each at `bytes` (about) in size. */
export function adversarialCases(bytes: number): HostileCase[] {
  const half = Math.floor(bytes / 2);
  const valid = validRunText();
  const prefix = valid.slice(0, valid.lastIndexOf('}'));
  const wideDepth = 60;
  const wide = `${'{"a":'.repeat(wideDepth)}[${Array.from({ length: Math.floor(bytes / 40) }, (_, i) => `{"k${i}":${i}}`).join(',')}]${'}'.repeat(wideDepth)}`;
  return [
    { name: 'arrays nested to the size limit', text: `${'['.repeat(half)}${']'.repeat(half)}` },
    {
      name: 'objects nested to the size limit',
      text: `${'{"a":'.repeat(Math.floor(bytes / 6))}1${'}'.repeat(Math.floor(bytes / 6))}`,
    },
    { name: 'unclosed nesting to the size limit', text: '['.repeat(bytes) },
    {
      name: 'a valid run with deep nesting in an unknown field',
      text: `${prefix},"extra":${'['.repeat(Math.max(1, half - prefix.length))}${']'.repeat(Math.max(1, half - prefix.length))}}`,
    },
    { name: 'nesting just under the depth limit, wide at the bottom', text: wide },
    {
      name: '__proto__ at depth 60',
      text: `${'{"a":'.repeat(60)}{"__proto__":{"polluted":1}}${'}'.repeat(60)}`,
    },
    {
      name: 'a huge array of numbers',
      text: `[${Array.from({ length: Math.floor(bytes / 2) }, () => '0').join(',')}]`,
    },
    {
      name: 'a huge array of empty objects',
      text: `[${Array.from({ length: Math.floor(bytes / 3) }, () => '{}').join(',')}]`,
    },
    {
      name: 'an object with a huge number of keys',
      text: `{${Array.from({ length: Math.floor(bytes / 12) }, (_, i) => `"k${i}":0`).join(',')}}`,
    },
    { name: 'one huge string', text: `{"schema":"${'x'.repeat(bytes)}"}` },
    {
      name: 'a run with a huge results array',
      text: valid.replace('"results": [', `"results": [${'{},'.repeat(Math.floor(bytes / 3))}`),
    },
    {
      name: 'escape sequences in a backend label',
      text: valid.replace(/"label": "[^"]*"/, '"label": "\\u001b]0;owned\\u0007\\u001b[2J"'),
    },
    {
      name: 'a newline forging a table row in a label',
      text: valid.replace(/"label": "[^"]*"/, '"label": "real\\n    fake row   0.001 s   fastest"'),
    },
    { name: 'a bidi override in a machine label', text: valid.replace('"chip": "', '"chip": "\\u202e') },
    {
      name: 'NUL and DEL in an id-like field',
      text: valid.replace(/"serverVersion": "[^"]*"/, '"serverVersion": "1\\u0000\\u007f"'),
    },
    { name: 'a byte-order mark before a valid run', text: `\ufeff${valid}` },
    { name: 'truncated in the middle', text: valid.slice(0, Math.floor(valid.length / 2)) },
  ];
}

const INSERTS = [
  '[',
  '{',
  ']',
  '}',
  '"',
  ',',
  ':',
  '\\u001b',
  '\\n',
  '"__proto__":',
  '[[[[[[[[',
  '{"constructor":{}}',
  '\u0000',
  '1e999999',
  '-',
  'null',
];

/** `count` seeded mutations of a valid run: cut, flipped, inserted, repeated. */
export function randomCases(seed: number, count: number): HostileCase[] {
  const random = seededRandom(seed);
  const valid = validRunText();
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const cases: HostileCase[] = [];
  for (let i = 0; i < count; i += 1) {
    let text = valid;
    const edits = 1 + Math.floor(random() * 6);
    for (let e = 0; e < edits; e += 1) {
      const at = Math.floor(random() * text.length);
      const kind = Math.floor(random() * 4);
      if (kind === 0) text = text.slice(0, at) + pick(INSERTS) + text.slice(at);
      else if (kind === 1)
        text = text.slice(0, at) + String.fromCharCode(Math.floor(random() * 0x3000)) + text.slice(at + 1);
      else if (kind === 2) text = text.slice(0, at) + text.slice(at + 1 + Math.floor(random() * 50));
      else {
        const piece = text.slice(at, at + 1 + Math.floor(random() * 200));
        text = text.slice(0, at) + piece.repeat(1 + Math.floor(random() * 20)) + text.slice(at);
      }
    }
    cases.push({ name: `random #${i} (seed ${seed})`, text });
  }
  return cases;
}

/** The size of each adversarial case: the bench's default (the test uses less, and the limit once). */
export const DEFAULT_HOSTILE_BYTES = 8 * MB;
