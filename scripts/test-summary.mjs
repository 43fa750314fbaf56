#!/usr/bin/env node
// Prints the closing line CI reads, `tests: N passed, N failed, N skipped`, from Vitest's JSON
// report (written by `npm test`). Usage: node scripts/test-summary.mjs [report.json]
//
// A test file that failed to load (syntax error, failing import) has no test results of its own;
// it counts as one failed test so a broken file can never be summarised as "0 failed".
import { readFileSync } from 'node:fs';

const reportPath = process.argv[2] ?? 'test-results/vitest.json';

function summarize(report) {
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

let counts = { passed: 0, failed: 0, skipped: 0 };
try {
  counts = summarize(JSON.parse(readFileSync(reportPath, 'utf8')));
} catch (err) {
  // No report means Vitest never ran (typecheck or lint failed first); say so, count nothing.
  process.stderr.write(`test-summary: no usable Vitest report at ${reportPath}: ${err.message}\n`);
}
process.stdout.write(`tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
