// The closing lines CI reads: the failed tests by name, then the counts, last.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = join(__dirname, 'test-summary.mjs');
const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function summary(reports: Record<string, unknown>): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'test-summary-'));
  folders.push(dir);
  const paths = Object.entries(reports).map(([name, json]) => {
    const path = join(dir, name);
    writeFileSync(path, JSON.stringify(json));
    return path;
  });
  return execFileSync(process.execPath, [SCRIPT, ...paths], { encoding: 'utf8', stdio: 'pipe' })
    .trimEnd()
    .split('\n');
}

const vitest = {
  testResults: [
    {
      name: '/checkout/test/integration/a.test.ts',
      status: 'failed',
      startTime: 0,
      endTime: 1000,
      assertionResults: [
        { status: 'passed', title: 'fine', fullName: 'a fine' },
        {
          status: 'failed',
          title: 'broken',
          fullName: 'a broken',
          failureMessages: ['AssertionError: expected 2 to be 3\n    at a.test.ts:4:5'],
        },
      ],
    },
    { name: '/checkout/test/integration/b.test.ts', status: 'failed', assertionResults: [] },
  ],
};
const playwright = {
  config: {},
  suites: [
    {
      specs: [
        {
          title: 'a flow',
          file: 'flow.spec.ts',
          tests: [
            {
              status: 'unexpected',
              projectName: 'serve-chromium',
              results: [
                {
                  error: {
                    message:
                      'Error: \u001b[2mexpect(\u001b[22mlocator\u001b[2m).\u001b[22mtoHaveText\n\nExpected pattern: /^Fastest/\nReceived string: "Not decided"\nCall log:\n  - waiting',
                  },
                },
              ],
            },
          ],
        },
      ],
    },
  ],
  errors: [{ message: 'global setup failed\nat somewhere' }],
};

describe('test-summary', () => {
  it('names every failed test, a file that did not load and an error outside any test, above the counts', () => {
    const lines = summary({ 'vitest-integration.json': vitest, 'playwright.json': playwright });
    expect(lines.at(-1)).toBe('tests: 1 passed, 4 failed, 0 skipped');
    expect(lines.filter((l) => l.startsWith('failed: '))).toEqual([
      'failed: test/integration/a.test.ts > a broken',
      'failed: test/integration/b.test.ts (did not load or a hook failed)',
      'failed: flow.spec.ts > a flow (serve-chromium)',
      'failed: Playwright, outside any test: global setup failed',
    ]);
  });

  it("says under each failed test why, from its error's first lines without colours or stack", () => {
    const lines = summary({ 'vitest-integration.json': vitest, 'playwright.json': playwright });
    const after = (name: string) => lines.slice(lines.indexOf(name) + 1);
    expect(after('failed: test/integration/a.test.ts > a broken')[0]).toBe(
      '    AssertionError: expected 2 to be 3',
    );
    expect(after('failed: flow.spec.ts > a flow (serve-chromium)').slice(0, 4)).toEqual([
      '    Error: expect(locator).toHaveText',
      '    Expected pattern: /^Fastest/',
      '    Received string: "Not decided"',
      '    Call log:',
    ]);
    expect(lines.some((l) => l.includes('at a.test.ts') || l.includes('\u001b'))).toBe(false);
  });

  it('names a runner that exited non-zero with no failed test, and counts it', () => {
    const passing = {
      testResults: [
        {
          name: '/x/test/vm/v.test.ts',
          status: 'passed',
          assertionResults: [{ status: 'passed', title: 't' }],
        },
      ],
    };
    const lines = summary({ 'vitest-vm.json': passing, 'suite-exits.json': { vm: 1 } });
    expect(lines.slice(-2)).toEqual([
      'failed: vm: exited 1 (see its output)',
      'tests: 1 passed, 1 failed, 0 skipped',
    ]);
  });

  it('prints no failed line when nothing failed', () => {
    const lines = summary({ 'suite-exits.json': { unit: 0 }, 'vitest-unit.json': { testResults: [] } });
    expect(lines.some((l) => l.startsWith('failed: '))).toBe(false);
    expect(lines.at(-1)).toBe('tests: 0 passed, 0 failed, 0 skipped');
  });
});
