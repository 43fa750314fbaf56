import { describe, expect, it } from 'vitest';
import shippedJson from '../../../resources/published-results.json';
import { MountbenchError } from '../../shared/errors';
import { parsePublishedResults, shippedPublishedResults } from './published';

/** A fresh, mutable copy of the shipped file for each case. */
function copy(): Record<string, unknown> & { sources: Record<string, unknown>[] } {
  return JSON.parse(JSON.stringify(shippedJson)) as Record<string, unknown> & {
    sources: Record<string, unknown>[];
  };
}

function firstResult(file: ReturnType<typeof copy>): Record<string, unknown> {
  return (file.sources[0].results as Record<string, unknown>[])[0];
}

function error(raw: unknown): MountbenchError {
  try {
    parsePublishedResults(raw, 'test.json');
  } catch (err) {
    if (err instanceof MountbenchError) return err;
    throw err;
  }
  throw new Error('expected the file to be refused');
}

describe('shippedPublishedResults', () => {
  it('loads the file that ships with the app, every source and figure', () => {
    const file = shippedPublishedResults();
    expect(file.schema).toBe('published-results/1');
    expect(file.sources.map((s) => s.id)).toEqual([
      'umitron-2021',
      'rancher-desktop-2024',
      'whiteplus-2017',
      'lifeintech-2022',
      'reecetech-2021',
      'ddev-2023',
      'paolomainardi-2025',
      'ddev-nightly-2026-08',
    ]);
    const figures = file.sources.reduce((n, s) => n + s.results.length, 0);
    expect(figures).toBe(shippedJson.sources.reduce((n, s) => n + s.results.length, 0));
  });
});

describe('parsePublishedResults refuses a malformed file with the field named', () => {
  const cases: [string, (f: ReturnType<typeof copy>) => unknown, RegExp][] = [
    ['not an object', () => 'hello', /\(top level\)/],
    ['another schema', (f) => ({ ...f, schema: 'published-results/2' }), /schema: Invalid input/],
    ['no sources', (f) => ({ ...f, sources: [] }), /sources: Too small/],
    [
      'an unknown field (a typo)',
      (f) => {
        firstResult(f).stdev = 1;
        return f;
      },
      /sources\[0\]\.results\[0\]: Unrecognized key: "stdev"/,
    ],
    [
      'a negative mean',
      (f) => {
        firstResult(f).mean = -1;
        return f;
      },
      /sources\[0\]\.results\[0\]\.mean: Too small/,
    ],
    [
      'a mean written as text',
      (f) => {
        firstResult(f).mean = 'NaN';
        return f;
      },
      /results\[0\]\.mean: Invalid input: expected number, received string/,
    ],
    [
      'a mean outside min…max',
      (f) => {
        firstResult(f).mean = 100;
        return f;
      },
      /results\[0\]\.mean: lies outside min…max/,
    ],
    [
      'an unknown mount',
      (f) => {
        firstResult(f).mount = 'nfs';
        return f;
      },
      /results\[0\]\.mount: is not a mount Mountbench knows/,
    ],
    [
      'a machine the source does not list',
      (f) => {
        firstResult(f).machine = 'm9-2030';
        return f;
      },
      /results\[0\]\.machine: names machine "m9-2030", which the source does not list/,
    ],
    [
      'a reserved machine id',
      (f) => {
        firstResult(f).machine = 'constructor';
        return f;
      },
      /results\[0\]\.machine: is a reserved name/,
    ],
    [
      'a __proto__ machine key',
      (f) =>
        JSON.parse(
          JSON.stringify(f).replace(
            '"m1pro-2021":{',
            '"__proto__":{"label":"x","chip":"x","arch":"x"},"m1pro-2021":{',
          ),
        ),
      /machines\.__proto__/,
    ],
    [
      'samples that disagree with runs',
      (f) => {
        Object.assign(firstResult(f), { samples: [1, 2], runs: 10, min: 0.5, max: 30 });
        return f;
      },
      /results\[0\]\.samples: has 2 values but runs is 10/,
    ],
    [
      'a repeated source id',
      (f) => ({ ...f, sources: [f.sources[0], f.sources[0]] }),
      /sources\[1\]\.id: repeats source id "umitron-2021"/,
    ],
    [
      'a link that is not https',
      (f) => ({ ...f, sources: [{ ...f.sources[0], code: 'javascript:alert(1)' }] }),
      /code/,
    ],
  ];
  it.each(cases)('%s', (_name, mutate, message) => {
    const err = error(mutate(copy()));
    expect(err.code).toBe('FILE_INVALID');
    expect(err.message).toMatch(/^test\.json is not a valid published-results file: /);
    expect(err.message).toMatch(message);
  });
});
