// Where a full check's time goes, read from the runners' JSON reports: each suite's wall time and
// its slowest test files. Pure functions over parsed reports; scripts/test-summary.mjs prints them.
//
// Vitest's JSON report gives a file's span as its first test's start to its last test's end, so a
// file's beforeAll (a VM boot, an engine's fixtures) and its imports fall before that span. A file
// is charged that lead-in: the gap since the last file of the report that ended before it started
// (the run's start for the first). Files of a suite that runs one at a time (integration, VM) are
// then charged exactly their share of the suite's wall time; where two run at once (the unit
// projects), it is the gap on whichever worker ended last, an estimate.
import { isAbsolute, relative } from 'node:path';

/** The suite a Vitest file belongs to, by where it lives (vitest.config.ts's projects). */
export function vitestSuiteOf(file) {
  if (file.startsWith('test/vm/')) return 'vm';
  if (file.startsWith('test/integration/')) return 'integration';
  return 'unit';
}

/** A path from its first src/, test/, e2e/ or scripts/ folder on; null when it has none. */
export function fromProjectFolder(file) {
  const at = file.search(/\/(?:src|test|e2e|scripts)\//);
  return at >= 0 ? file.slice(at + 1) : null;
}

/**
 * A report's file (an absolute path) from its project's root: from `root` when the file is in it,
 * else from its first project folder, so a report read in another checkout (another clone's full
 * check) names the files as this one does.
 */
export function projectPath(file, root) {
  const inRoot = relative(root, file);
  if (!inRoot.startsWith('..') && !isAbsolute(inRoot)) return inRoot;
  return fromProjectFolder(file) ?? inRoot;
}

/**
 * Per file: `{ suite, file, seconds, tests }` with the lead-in charged; per suite: its wall time
 * from the run's start (or its first file's lead-in) to its last file's end.
 */
export function vitestFileTimes(report, root = process.cwd()) {
  const files = (report.testResults ?? [])
    .filter((f) => Number.isFinite(f.startTime) && Number.isFinite(f.endTime))
    .map((f) => ({
      file: projectPath(f.name ?? '', root),
      start: f.startTime,
      end: Math.max(f.endTime, f.startTime),
      tests: (f.assertionResults ?? []).length,
    }))
    .sort((a, b) => a.start - b.start);
  const runStart = Number.isFinite(report.startTime) ? report.startTime : (files[0]?.start ?? 0);
  const bySuite = new Map();
  for (const f of files) {
    const suite = vitestSuiteOf(f.file);
    if (!bySuite.has(suite)) bySuite.set(suite, []);
    bySuite.get(suite).push(f);
  }
  const out = [];
  for (const [suite, list] of bySuite) {
    const timed = list.map((f) => {
      // The latest end, among the report's files, that came before this file's first test.
      const before = files
        .filter((g) => g !== f && g.end <= f.start)
        .reduce((m, g) => Math.max(m, g.end), -1);
      const leadIn = f.start - (before >= 0 ? before : Math.min(f.start, runStart));
      return {
        suite,
        file: f.file,
        seconds: (f.end - f.start + leadIn) / 1000,
        tests: f.tests,
        from: f.start - leadIn,
      };
    });
    const from = Math.min(...timed.map((t) => t.from));
    const to = Math.max(...list.map((f) => f.end));
    out.push({ suite, wallSeconds: (to - from) / 1000, files: timed.map(({ from: _from, ...t }) => t) });
  }
  return out;
}

/** Every test of a Playwright suite tree, with the file its spec is in. */
function* playwrightTests(suite, file) {
  const here = suite.file ?? file;
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests ?? []) yield { file: spec.file ?? here, test };
  for (const child of suite.suites ?? []) yield* playwrightTests(child, here);
}

/** Playwright's flows: each spec file's time (its tests' results, retries included) and the run's wall. */
export function playwrightFileTimes(report) {
  const byFile = new Map();
  for (const suite of report.suites ?? []) {
    for (const { file, test } of playwrightTests(suite, suite.file)) {
      const row = byFile.get(file) ?? {
        suite: 'playwright',
        file: `e2e/flows/${file}`,
        seconds: 0,
        tests: 0,
      };
      row.tests += 1;
      for (const result of test.results ?? []) row.seconds += (result.duration ?? 0) / 1000;
      byFile.set(file, row);
    }
  }
  const files = [...byFile.values()];
  const wall = report.stats?.duration;
  return {
    suite: 'playwright',
    wallSeconds: Number.isFinite(wall) ? wall / 1000 : files.reduce((s, f) => s + f.seconds, 0),
    files,
  };
}

/**
 * The seconds each Vitest file took, for the longest-first order (test/sequencer/longest-first.ts):
 * `{ files: { "<path>": seconds } }`, paths sorted, seconds to a tenth.
 */
export function fileSecondsTable(suites) {
  const rows = suites
    .filter((s) => s.suite !== 'playwright')
    .flatMap((s) => s.files)
    .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return { files: Object.fromEntries(rows.map((f) => [f.file, Math.round(f.seconds * 10) / 10])) };
}

/** The suite's slowest files, slowest first. */
export function slowest(suite, count = 15) {
  return [...suite.files].sort((a, b) => b.seconds - a.seconds).slice(0, count);
}

const SUITE_NAMES = { unit: 'unit', integration: 'integration', vm: 'VM', playwright: 'Playwright' };

/** Plain text for a CI log: one block per suite, its wall time, then its slowest files. */
export function formatTimes(suites, count = 15) {
  const lines = [];
  for (const suite of suites) {
    const name = SUITE_NAMES[suite.suite] ?? suite.suite;
    const busy = suite.files.reduce((s, f) => s + f.seconds, 0);
    lines.push(
      `${name}: ${suite.files.length} files, wall ${suite.wallSeconds.toFixed(0)} s (files' own time summed: ${busy.toFixed(0)} s); slowest ${Math.min(count, suite.files.length)}:`,
    );
    for (const f of slowest(suite, count))
      lines.push(`  ${f.seconds.toFixed(1).padStart(7)} s  ${f.file} (${f.tests} tests)`);
  }
  return lines.join('\n');
}

/** The same as a Markdown table, for docs/development.md. */
export function formatTimesMarkdown(suites, count = 15) {
  const lines = ['| suite | wall | file | seconds | tests |', '| --- | ---: | --- | ---: | ---: |'];
  for (const suite of suites) {
    const name = SUITE_NAMES[suite.suite] ?? suite.suite;
    slowest(suite, count).forEach((f, i) =>
      lines.push(
        `| ${i === 0 ? name : ''} | ${i === 0 ? `${suite.wallSeconds.toFixed(0)} s` : ''} | \`${f.file}\` | ${f.seconds.toFixed(1)} | ${f.tests} |`,
      ),
    );
  }
  return lines.join('\n');
}
