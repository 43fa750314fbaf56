// The dashboard's History, Results and Compare views with a large store (1,000 runs by default):
// how long each takes to appear in a real Chromium, and how much memory the page and the serve
// process hold afterwards. It prints figures; it asserts nothing.
//
// Every repetition starts a fresh `mountbench serve` on the same folder and a fresh browser
// context, so each one is a cold start of both sides (the OS file cache stays warm after the first).
//
//   npx tsx bench/views-1000-runs.ts [--stored 1000] [--compare 20] [--repeat 3] [--template FILE]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Browser, Page } from '@playwright/test';
import { ensureBuilt } from '../e2e/support/build';
import { startServe, type ServeProcess } from '../e2e/support/serve-process';
import { median } from '../src/core/stats';
import { resultsDir, saveRun } from '../src/core/store';
import { sampleRun } from '../src/core/store/test-support/run-fixture';
import { runFileSchema, type RunFile } from '../src/shared/result-schema';
import { benchHeader } from './lib/bench-header';
import { launchChromium } from './lib/chromium';
import { countOption, runBench, type BenchOptions } from './lib/bench-main';
import { textTable } from './lib/text-table';

const USAGE = `Usage: npx tsx bench/views-1000-runs.ts [options]

Stores many copies of one run (each with its own id and date) in a throwaway data folder, starts
\`mountbench serve\` on it, and times the History, Results and Compare views in Debian's Chromium
(/usr/bin/chromium, or CHROMIUM=path), with the page's JS heap and serve's RSS after each.

  --stored <n>       runs to store (default 1000)
  --compare <n>      stored runs ticked in Compare, with the published M1 vs Intel (default 20)
  --repeat <n>       repetitions, each with a fresh serve and page (default 3)
  --template <file>  a run file to copy (default: the store's test fixture, one result);
                     e.g. one written by \`mountbench run … --json FILE\``;

const OPTIONS: BenchOptions = {
  stored: { type: 'string' },
  compare: { type: 'string' },
  repeat: { type: 'string' },
  template: { type: 'string' },
};

interface Values {
  stored?: string;
  compare?: string;
  repeat?: string;
  template?: string;
}

/** A limit for one view to appear, so a hung page ends the script; not a figure. */
const VIEW_TIMEOUT_MS = 300_000;

/** One repetition's figures: milliseconds for the steps, bytes for the memory. */
type Sample = Record<string, number>;

const STEPS = [
  { key: 'history', label: 'History: load page, open tab, all rows drawn' },
  { key: 'results', label: 'Results: open the newest run from History' },
  { key: 'compareSources', label: 'Compare: open tab, every stored run listed' },
  { key: 'comparePublished', label: 'Compare: "M1 vs Intel" drawn' },
  { key: 'compareRuns', label: 'Compare: tick N runs, all their rows drawn' },
] as const;

function stamp(index: number, base: number): { id: string; createdAt: string; finishedAt: string } {
  // One run a minute, oldest first, so the newest is the last one written.
  const created = new Date(base + index * 60_000);
  const digits = created.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return {
    id: `${digits}-bench${String(index).padStart(4, '0')}`,
    createdAt: created.toISOString(),
    finishedAt: new Date(created.getTime() + 45_000).toISOString(),
  };
}

async function storeRuns(template: RunFile, count: number, dir: string): Promise<string[]> {
  const base = Date.parse('2024-01-01T09:00:00.000Z');
  const ids: string[] = [];
  // saveRun validates and reads back each file, as a real run is stored; a few at a time.
  for (let start = 0; start < count; start += 16) {
    const batch = Array.from({ length: Math.min(16, count - start) }, (_, k) => start + k);
    await Promise.all(batch.map((i) => saveRun({ ...template, ...stamp(i, base) }, dir)));
    ids.push(...batch.map((i) => stamp(i, base).id));
  }
  return ids;
}

function rssBytes(pid: number): number {
  // `ps` reports KiB on Linux and macOS alike.
  return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) * 1024;
}

async function timed(action: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await action();
  return performance.now() - start;
}

/** The page's live JS heap: after a full GC, so it counts what the view holds, not garbage. */
async function heapUsed(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  await cdp.detach();
  const used = metrics.find((m) => m.name === 'JSHeapUsedSize');
  if (!used) throw new Error('Chromium reported no JSHeapUsedSize');
  return used.value;
}

/** The compare table's figure rows (not the machine heading rows). */
const COMPARE_ROWS = 'tbody[data-testid^="compare-machine-"] tr:not(.group-row)';

async function tableRows(page: Page): Promise<number> {
  return page.locator(COMPARE_ROWS).count();
}

async function oneRepetition(
  browser: Browser,
  serve: ServeProcess,
  ids: string[],
  compareCount: number,
  rowsPerRun: number,
): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(VIEW_TIMEOUT_MS);
  const tid = (id: string) => page.getByTestId(id);
  const oldest = ids[0];
  const newest = ids[ids.length - 1];
  const sample: Sample = {};
  try {
    sample.rssIdle = rssBytes(serve.pid);

    sample.history = await timed(async () => {
      await page.goto(serve.url);
      await tid('tab-history').click();
      await tid(`history-row-${oldest}`).waitFor({ state: 'visible' });
    });
    sample.heapHistory = await heapUsed(page);
    sample.rssHistory = rssBytes(serve.pid);

    sample.results = await timed(async () => {
      await tid(`history-open-${newest}`).click();
      await tid('results-view').waitFor({ state: 'visible' });
      await tid('results-table').waitFor({ state: 'visible' });
    });
    sample.heapResults = await heapUsed(page);
    sample.rssResults = rssBytes(serve.pid);

    sample.compareSources = await timed(async () => {
      await tid('tab-compare').click();
      await tid(`compare-run-${oldest}`).waitFor({ state: 'visible' });
    });
    sample.comparePublished = await timed(async () => {
      await tid('compare-published-m1-intel').click();
      await tid('compare-view').waitFor({ state: 'visible' });
    });
    const publishedRows = await tableRows(page);
    // "M1 vs Intel" clears the ticked runs, so the runs are ticked after it, newest first.
    const wanted = publishedRows + compareCount * rowsPerRun;
    sample.compareRuns = await timed(async () => {
      for (const id of ids.slice(-compareCount).reverse()) await tid(`compare-run-${id}`).check();
      // A string, evaluated in the page: this project's Node types have no DOM.
      await page.waitForFunction(`document.querySelectorAll('${COMPARE_ROWS}').length === ${wanted}`, null, {
        timeout: VIEW_TIMEOUT_MS,
      });
    });
    sample.heapCompare = await heapUsed(page);
    sample.rssCompare = rssBytes(serve.pid);
    return sample;
  } finally {
    await context.close();
  }
}

const msWords = (v: number) => `${v.toFixed(0)} ms`;
const mibWords = (v: number) => `${(v / 2 ** 20).toFixed(1)} MiB`;

function row(label: string, values: number[], words: (v: number) => string): string[] {
  return [label, words(median(values)), `${words(Math.min(...values))} … ${words(Math.max(...values))}`];
}

function report(samples: Sample[], compareCount: number): string {
  const col = (key: string) => samples.map((s) => s[key]);
  const times = STEPS.map((s) => row(s.label.replace(' N ', ` ${compareCount} `), col(s.key), msWords));
  const memory = [
    row('page JS heap after History', col('heapHistory'), mibWords),
    row('page JS heap after Results', col('heapResults'), mibWords),
    row('page JS heap after Compare', col('heapCompare'), mibWords),
    row('serve RSS at start (no page)', col('rssIdle'), mibWords),
    row('serve RSS after History', col('rssHistory'), mibWords),
    row('serve RSS after Results', col('rssResults'), mibWords),
    row('serve RSS after Compare', col('rssCompare'), mibWords),
  ];
  const right = ['left', 'right', 'right'] as const;
  return [
    textTable(['time to visible', 'median', 'range'], times, [...right]),
    '',
    textTable(['memory', 'median', 'range'], memory, [...right]),
  ].join('\n');
}

function loadTemplate(file: string | undefined): RunFile {
  if (!file) return sampleRun();
  return runFileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

async function main(values: Values, signal: AbortSignal): Promise<void> {
  const stored = countOption('--stored', values.stored, 1000, { min: 1, max: 100_000 });
  const compareCount = countOption('--compare', values.compare, 20, { min: 1, max: 1000 });
  const repeat = countOption('--repeat', values.repeat, 3, { min: 1, max: 100 });
  if (compareCount > stored) throw new Error('--compare cannot be more than --stored');
  const template = loadTemplate(values.template);

  ensureBuilt();
  const work = mkdtempSync(join(tmpdir(), 'mountbench-views-'));
  const dataDir = join(work, 'data');
  let browser: Browser | null = null;
  let serve: ServeProcess | null = null;
  try {
    process.stderr.write(`storing ${stored} runs…\n`);
    const ids = await storeRuns(template, stored, resultsDir(dataDir));
    browser = await launchChromium();
    const env = { ...process.env, MOUNTBENCH_DATA_DIR: dataDir, MOUNTBENCH_CACHE_DIR: join(work, 'cache') };
    const samples: Sample[] = [];
    for (let i = 0; i < repeat && !signal.aborted; i++) {
      process.stderr.write(`repetition ${i + 1} of ${repeat}…\n`);
      serve = await startServe({ env, logFile: join(work, `serve-${i}.log`) });
      samples.push(await oneRepetition(browser, serve, ids, compareCount, template.results.length));
      await serve.stop();
      serve = null;
    }
    if (signal.aborted) return;
    const header = await benchHeader(`Dashboard views with ${stored} stored runs`, null);
    process.stdout.write(
      `${header}\n` +
        `browser  Chromium ${browser.version()} (headless)\n` +
        `runs     ${stored} copies of a run with ${template.results.length} result(s) ` +
        `(${(JSON.stringify(template).length / 1024).toFixed(1)} KiB of JSON each); ${repeat} repetition(s), ` +
        `each with a fresh serve and page\n\n` +
        `${report(samples, compareCount)}\n`,
    );
  } finally {
    if (serve) await serve.stop();
    await browser?.close();
    rmSync(work, { recursive: true, force: true });
  }
}

runBench<Values>({ usage: USAGE, options: OPTIONS, main });
