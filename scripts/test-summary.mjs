#!/usr/bin/env node
// Prints where the check's time went (each suite's wall time and its 15 slowest test files,
// scripts/test-times.mjs), then the closing line CI reads, `tests: N passed, N failed, N skipped`,
// counting every runner's JSON report: Vitest's (unit, integration, VM) and Playwright's. The
// counts stay the last line: CI reads them there; just above them, each failed test by name, with
// the first lines of its error (CI shows only the end of a long log, so the reason must be there).
//
// Usage: node scripts/test-summary.mjs [report.json…]
//          every report given, each known by its shape (Vitest's, Playwright's, or the runners'
//          exit statuses that scripts/run-test-suites.sh writes to suite-exits.json); with none,
//          every .json file in test-results/
//        node scripts/test-summary.mjs --times [--markdown] [--top N] report.json…
//          only the times, from any Vitest or Playwright JSON reports
//        node scripts/test-summary.mjs --file-seconds out.json report.json…
//          also writes each Vitest file's seconds, the table the longest-first order reads
//          (test/sequencer/file-seconds.json)
//
// A test file that failed to load (syntax error, failing import) has no test results of its own;
// it counts as one failed test so a broken file can never be summarised as "0 failed". Likewise an
// error Playwright reports outside any test (global setup or teardown failed, a spec that does not
// load) counts as one failed test each. So does a runner that exited non-zero while its report
// shows no failure (Vitest's unhandled errors belong to no test), or that wrote no report at all.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import {
  fileSecondsTable,
  formatTimes,
  formatTimesMarkdown,
  fromProjectFolder,
  playwrightFileTimes,
  vitestFileTimes,
} from './test-times.mjs';

function parseArgs(argv) {
  const options = { times: false, markdown: false, top: 15, files: [] };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--times') options.times = true;
    else if (argv[i] === '--markdown') options.markdown = true;
    else if (argv[i] === '--file-seconds') options.fileSeconds = argv[++i];
    else if (argv[i] === '--top') {
      options.top = Number.parseInt(argv[++i] ?? '', 10);
      if (!(options.top > 0)) throw new Error('--top takes a positive whole number');
    } else options.files.push(argv[i]);
  }
  return options;
}

/** A report's path for a file, from the project's root (the reports hold absolute paths). */
function shortName(file) {
  const path = String(file ?? '?');
  return fromProjectFolder(path) ?? path;
}

/** The first lines of a failure's message, colours stripped, each cut short: enough to say why. */
const REASON_LINES = 4;
function reasonOf(message) {
  return (
    String(message ?? '')
      // eslint-disable-next-line no-control-regex -- the escape character is what colours start with
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('at '))
      .slice(0, REASON_LINES)
      .map((line) => (line.length > 240 ? `${line.slice(0, 239)}…` : line))
  );
}

function summarizeVitest(report) {
  const counts = { passed: 0, failed: 0, skipped: 0, names: [] };
  for (const file of report.testResults ?? []) {
    const tests = file.assertionResults ?? [];
    if (tests.length === 0 && file.status === 'failed') {
      counts.failed += 1;
      counts.names.push({
        name: `${shortName(file.name)} (did not load or a hook failed)`,
        reason: reasonOf(file.message),
      });
    }
    for (const test of tests) {
      if (test.status === 'passed') counts.passed += 1;
      else if (test.status === 'failed') {
        counts.failed += 1;
        counts.names.push({
          name: `${shortName(file.name)} > ${test.fullName ?? test.title}`,
          reason: reasonOf(test.failureMessages?.[0]),
        });
      } else counts.skipped += 1; // skipped, pending, todo, disabled
    }
  }
  return counts;
}

/** Every test of a Playwright suite tree, however deeply its describe blocks nest. */
function* playwrightTests(suite) {
  for (const spec of suite.specs ?? []) for (const test of spec.tests ?? []) yield { spec, test };
  for (const child of suite.suites ?? []) yield* playwrightTests(child);
}

function summarizePlaywright(report) {
  const counts = { passed: 0, failed: 0, skipped: 0, names: [] };
  for (const suite of report.suites ?? []) {
    for (const { spec, test } of playwrightTests(suite)) {
      // A test's outcome after its retries: expected (passed, or failed as declared), flaky
      // (passed on a retry), unexpected (failed), skipped (test.skip, or a reason such as
      // "Electron binary not installed").
      if (test.status === 'expected' || test.status === 'flaky') counts.passed += 1;
      else if (test.status === 'skipped') counts.skipped += 1;
      else {
        counts.failed += 1;
        const last = test.results?.at(-1);
        counts.names.push({
          name: `${shortName(spec.file)} > ${spec.title} (${test.projectName || 'flows'})`,
          reason: reasonOf(last?.error?.message ?? last?.errors?.[0]?.message),
        });
      }
    }
  }
  for (const error of report.errors ?? []) {
    counts.failed += 1;
    const [first = '', ...rest] = reasonOf(error.message);
    counts.names.push({ name: `Playwright, outside any test: ${first}`, reason: rest });
  }
  return counts;
}

/** What a parsed JSON file is: a Playwright report, a Vitest report, the exit statuses, or none. */
function kindOf(json) {
  if (json && typeof json === 'object' && json.config && Array.isArray(json.suites)) return 'playwright';
  if (json && typeof json === 'object' && Array.isArray(json.testResults)) return 'vitest';
  if (json && typeof json === 'object' && ['unit', 'integration', 'playwright', 'vm'].some((k) => k in json))
    return 'exits';
  return null;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    process.stderr.write(`test-summary: no usable report at ${path}: ${err.message}\n`);
    return null;
  }
}

function defaultReports() {
  try {
    return readdirSync('test-results')
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => join('test-results', f));
  } catch {
    return [];
  }
}

/** The Vitest report each runner of scripts/run-test-suites.sh writes, by its exit-status key. */
const REPORT_OF = {
  unit: 'vitest-unit.json',
  integration: 'vitest-integration.json',
  vm: 'vitest-vm.json',
  playwright: 'playwright.json',
};

const options = parseArgs(process.argv.slice(2));
const paths = options.files.length ? options.files : defaultReports();
const reports = paths
  .map((path) => ({ path, json: readJson(path) }))
  .map((r) => ({ ...r, kind: kindOf(r.json) }))
  .filter((r) => r.kind !== null);

if (options.times || reports.some((r) => r.kind !== 'exits')) {
  const order = ['unit', 'integration', 'vm', 'playwright'];
  const suites = reports
    .flatMap((r) =>
      r.kind === 'playwright'
        ? [playwrightFileTimes(r.json)]
        : r.kind === 'vitest'
          ? vitestFileTimes(r.json)
          : [],
    )
    .sort((a, b) => order.indexOf(a.suite) - order.indexOf(b.suite));
  if (options.fileSeconds)
    writeFileSync(options.fileSeconds, `${JSON.stringify(fileSecondsTable(suites), null, 2)}\n`);
  if (suites.length)
    process.stdout.write(
      `${options.markdown ? formatTimesMarkdown(suites, options.top) : formatTimes(suites, options.top)}\n`,
    );
}
if (options.times) process.exit(0);

const total = { passed: 0, failed: 0, skipped: 0 };
const failedNames = [];
const failedByReport = new Map();
for (const r of reports) {
  if (r.kind === 'exits') continue;
  const counts = r.kind === 'playwright' ? summarizePlaywright(r.json) : summarizeVitest(r.json);
  failedByReport.set(basename(r.path), counts.failed);
  total.passed += counts.passed;
  total.failed += counts.failed;
  total.skipped += counts.skipped;
  failedNames.push(...counts.names);
}
for (const exits of reports.filter((r) => r.kind === 'exits')) {
  for (const [runner, status] of Object.entries(exits.json)) {
    if (!Number.isInteger(status) || status === 0) continue;
    const report = REPORT_OF[runner];
    const failed = report ? failedByReport.get(report) : undefined;
    if (failed) continue; // its failures are counted already
    process.stderr.write(
      `test-summary: ${runner} exited ${status} with ${failed === undefined ? 'no report' : 'no failed test in its report'} (an error outside any test: see its output); counted as one failure\n`,
    );
    total.failed += 1;
    failedNames.push({ name: `${runner}: exited ${status} (see its output)`, reason: [] });
  }
}
// Named just above the counts, so the end of a long log says which tests failed.
const SHOWN = 20;
for (const { name, reason } of failedNames.slice(0, SHOWN)) {
  process.stdout.write(`failed: ${name}\n`);
  for (const line of reason) process.stdout.write(`    ${line}\n`);
}
if (failedNames.length > SHOWN) process.stdout.write(`failed: ... and ${failedNames.length - SHOWN} more\n`);
process.stdout.write(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped\n`);
