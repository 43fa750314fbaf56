#!/usr/bin/env node
// Prints the closing line CI reads, `tests: N passed, N failed, N skipped`, counting both runners:
// Vitest's JSON report (written by `npm test`) and Playwright's (written by the e2e flows).
// Usage: node scripts/test-summary.mjs [vitest.json] [playwright.json] [vitest-vm.json]
// (the VM suite's Vitest report: scripts/run-test-suites.sh runs it beside the others)
//
// A test file that failed to load (syntax error, failing import) has no test results of its own;
// it counts as one failed test so a broken file can never be summarised as "0 failed". Likewise an
// error Playwright reports outside any test (global setup or teardown failed, a spec that does not
// load) counts as one failed test each.
import { readFileSync } from 'node:fs';

const vitestPath = process.argv[2] ?? 'test-results/vitest.json';
const playwrightPath = process.argv[3] ?? 'test-results/playwright.json';
const vmPath = process.argv[4] ?? 'test-results/vitest-vm.json';

function summarizeVitest(report) {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for (const file of report.testResults ?? []) {
    const tests = file.assertionResults ?? [];
    if (tests.length === 0 && file.status === 'failed') counts.failed += 1;
    for (const test of tests) {
      if (test.status === 'passed') counts.passed += 1;
      else if (test.status === 'failed') counts.failed += 1;
      else counts.skipped += 1; // skipped, pending, todo, disabled
    }
  }
  return counts;
}

/** Every test of every project, however deeply its describe blocks nest. */
function* playwrightTests(suite) {
  for (const spec of suite.specs ?? []) yield* spec.tests ?? [];
  for (const child of suite.suites ?? []) yield* playwrightTests(child);
}

function summarizePlaywright(report) {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for (const suite of report.suites ?? []) {
    for (const test of playwrightTests(suite)) {
      // A test's outcome after its retries: expected (passed, or failed as declared), flaky
      // (passed on a retry), unexpected (failed), skipped (test.skip, or a reason such as
      // "Electron binary not installed").
      if (test.status === 'expected' || test.status === 'flaky') counts.passed += 1;
      else if (test.status === 'skipped') counts.skipped += 1;
      else counts.failed += 1;
    }
  }
  counts.failed += (report.errors ?? []).length;
  return counts;
}

function read(path, runner, summarize) {
  try {
    return summarize(JSON.parse(readFileSync(path, 'utf8')));
  } catch (err) {
    // No report means that runner never ran (typecheck or lint failed first); say so, count nothing.
    process.stderr.write(`test-summary: no usable ${runner} report at ${path}: ${err.message}\n`);
    return { passed: 0, failed: 0, skipped: 0 };
  }
}

const parts = [
  read(vitestPath, 'Vitest', summarizeVitest),
  read(playwrightPath, 'Playwright', summarizePlaywright),
  read(vmPath, 'Vitest (VM suite)', summarizeVitest),
];
const total = parts.reduce(
  (sum, c) => ({
    passed: sum.passed + c.passed,
    failed: sum.failed + c.failed,
    skipped: sum.skipped + c.skipped,
  }),
  { passed: 0, failed: 0, skipped: 0 },
);
process.stdout.write(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped\n`);
