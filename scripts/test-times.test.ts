import { describe, expect, it } from 'vitest';
import {
  type SuiteTimes,
  fileSecondsTable,
  formatTimes,
  formatTimesMarkdown,
  playwrightFileTimes,
  slowest,
  vitestFileTimes,
} from './test-times.mjs';

const ROOT = '/repo';
const file = (name: string, start: number, end: number, tests = 1) => ({
  name: `${ROOT}/${name}`,
  startTime: start,
  endTime: end,
  status: 'passed',
  assertionResults: Array.from({ length: tests }, () => ({ status: 'passed' })),
});

describe('vitestFileTimes', () => {
  it('charges each file the set-up before its first test: the gap since the file before it ended', () => {
    const report = {
      startTime: 0,
      testResults: [
        // unit files, two at once
        file('src/a.test.ts', 1_000, 3_000),
        file('src/b.test.ts', 1_500, 2_000),
        // integration, one at a time after the unit files; the second has a 10 s beforeAll
        file('test/integration/x.test.ts', 4_000, 9_000, 3),
        file('test/integration/y.test.ts', 19_000, 20_000),
      ],
    };
    const suites = vitestFileTimes(report, ROOT);
    const integration = suites.find((s) => s.suite === 'integration')!;
    expect(integration.files).toEqual([
      { suite: 'integration', file: 'test/integration/x.test.ts', seconds: 6, tests: 3 },
      { suite: 'integration', file: 'test/integration/y.test.ts', seconds: 11, tests: 1 },
    ]);
    // From the last unit file's end to the last integration file's end.
    expect(integration.wallSeconds).toBe(17);
    const unit = suites.find((s) => s.suite === 'unit')!;
    expect(unit.wallSeconds).toBe(3);
    expect(unit.files.map((f) => [f.file, f.seconds])).toEqual([
      ['src/a.test.ts', 3],
      // started beside a.test.ts: its lead-in runs from the run's start
      ['src/b.test.ts', 2],
    ]);
  });

  it('puts the VM files in a suite of their own, timed from the report’s start', () => {
    const [vm] = vitestFileTimes(
      { startTime: 100, testResults: [file('test/vm/boot.test.ts', 60_100, 61_100)] },
      ROOT,
    );
    expect(vm).toMatchObject({ suite: 'vm', wallSeconds: 61 });
    expect(vm.files[0].seconds).toBe(61);
  });

  it('names the files from their project, also when the report comes from another checkout', () => {
    const report = { startTime: 0, testResults: [file('test/integration/x.test.ts', 0, 1_000)] };
    for (const root of [ROOT, '/elsewhere/clone'])
      expect(vitestFileTimes(report, root)[0].files[0].file).toBe('test/integration/x.test.ts');
  });

  it('skips a file that never ran a test (no times) instead of failing', () => {
    const suites = vitestFileTimes(
      {
        startTime: 0,
        testResults: [{ name: `${ROOT}/src/broken.test.ts`, status: 'failed', assertionResults: [] }],
      },
      ROOT,
    );
    expect(suites).toEqual([]);
  });
});

describe('playwrightFileTimes', () => {
  it('sums each spec file’s results, retries included, and takes the run’s wall from its stats', () => {
    const report = {
      config: {},
      stats: { duration: 95_000 },
      suites: [
        {
          file: 'a.spec.ts',
          specs: [{ tests: [{ results: [{ duration: 10_000 }, { duration: 5_000 }] }] }],
          suites: [{ specs: [{ tests: [{ results: [{ duration: 20_000 }] }] }] }],
        },
        { file: 'b.spec.ts', specs: [{ tests: [{ results: [{ duration: 50_000 }] }] }] },
      ],
    };
    const times = playwrightFileTimes(report);
    expect(times.wallSeconds).toBe(95);
    expect(slowest(times).map((f) => [f.file, f.seconds, f.tests])).toEqual([
      ['e2e/flows/b.spec.ts', 50, 1],
      ['e2e/flows/a.spec.ts', 35, 2],
    ]);
  });
});

describe('formatting', () => {
  const suites: SuiteTimes[] = [
    {
      suite: 'integration',
      wallSeconds: 120,
      files: Array.from({ length: 20 }, (_, i) => ({
        suite: 'integration' as const,
        file: `test/integration/f${i}.test.ts`,
        seconds: i,
        tests: 1,
      })),
    },
  ];

  it('lists at most the slowest N, slowest first, under the suite’s wall time', () => {
    const lines = formatTimes(suites, 15).split('\n');
    expect(lines[0]).toBe("integration: 20 files, wall 120 s (files' own time summed: 190 s); slowest 15:");
    expect(lines).toHaveLength(16);
    expect(lines[1]).toMatch(/^\s+19\.0 s {2}test\/integration\/f19\.test\.ts \(1 tests\)$/);
    expect(lines[15]).toMatch(/f5\.test\.ts/);
  });

  it('writes the same rows as a Markdown table', () => {
    const lines = formatTimesMarkdown(suites, 2).split('\n');
    expect(lines).toEqual([
      '| suite | wall | file | seconds | tests |',
      '| --- | ---: | --- | ---: | ---: |',
      '| integration | 120 s | `test/integration/f19.test.ts` | 19.0 | 1 |',
      '|  |  | `test/integration/f18.test.ts` | 18.0 | 1 |',
    ]);
  });
});

describe('fileSecondsTable', () => {
  it('keeps every Vitest file with its seconds to a tenth, paths sorted, and no Playwright flow', () => {
    const suites: SuiteTimes[] = [
      {
        suite: 'integration',
        wallSeconds: 10,
        files: [
          { suite: 'integration', file: 'test/integration/z.test.ts', seconds: 1.26, tests: 1 },
          { suite: 'integration', file: 'test/integration/a.test.ts', seconds: 571.94, tests: 7 },
        ],
      },
      {
        suite: 'playwright',
        wallSeconds: 5,
        files: [{ suite: 'playwright', file: 'e2e/flows/x.spec.ts', seconds: 5, tests: 1 }],
      },
    ];
    const table = fileSecondsTable(suites);
    expect(table).toEqual({
      files: { 'test/integration/a.test.ts': 571.9, 'test/integration/z.test.ts': 1.3 },
    });
    expect(Object.keys(table.files)).toEqual(['test/integration/a.test.ts', 'test/integration/z.test.ts']);
  });
});
