// Results opening one big run in a real Chromium: the page's long tasks from the click that opens it
// until its chart, table and recommendation are drawn and the page has been quiet for a while. The
// longest of them is how long a click made at that moment could wait (issue 19: "the page answers
// input within 100 ms"). It prints figures; it asserts nothing.
//
// The run is made up, not measured: every fixed workload at Quick size on a Linux engine's four
// backends (host, bind mount, named volume, tmpfs), the most a default Quick run here draws. Each
// repetition is a fresh page on one serve; `--cpu-slowdown` makes Chromium's main thread that many
// times slower (CDP's CPU throttling), to stand in for a busy two-core machine.
//
//   npx tsx bench/results-mount.ts [--repeat 7] [--cpu-slowdown 1] [--template FILE] [--tasks]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { ensureBuilt } from '../e2e/support/build';
import { startServe, type ServeProcess } from '../e2e/support/serve-process';
import { median } from '../src/core/stats';
import { resultsDir, saveRun } from '../src/core/store';
import { sampleRun, sampleWorkloadResult } from '../src/core/store/test-support/run-fixture';
import { WORKLOAD_IDS } from '../src/shared/ids';
import { runFileSchema, type RunFile, type WorkloadResult } from '../src/shared/result-schema';
import { benchHeader } from './lib/bench-header';
import { launchChromium } from './lib/chromium';
import { countOption, runBench, type BenchOptions } from './lib/bench-main';
import { textTable } from './lib/text-table';

const USAGE = `Usage: npx tsx bench/results-mount.ts [options]

Stores one run with many results in a throwaway data folder, starts \`mountbench serve\` on it, and
opens it in Results in Debian's Chromium (/usr/bin/chromium, or CHROMIUM=path), timing the page's
long tasks from the click until the view is drawn and quiet.

  --repeat <n>        repetitions, each a fresh page (default 7)
  --cpu-slowdown <n>  Chromium's CPU throttling rate, 1 for none (default 1)
  --template <file>   a run file to open instead of the made-up one
  --tasks             print each repetition's long tasks (start and duration, from the click)`;

const OPTIONS: BenchOptions = {
  repeat: { type: 'string' },
  'cpu-slowdown': { type: 'string' },
  template: { type: 'string' },
  tasks: { type: 'boolean' },
};

interface Values {
  repeat?: string;
  'cpu-slowdown'?: string;
  template?: string;
  tasks?: boolean;
}

/** A limit for the view to appear, so a hung page ends the script; not a figure. */
const VIEW_TIMEOUT_MS = 120_000;
/** How long the page must stay without a long task after the view is drawn. */
const QUIET_MS = 1_500;

const BACKENDS: WorkloadResult['backend'][] = [
  { id: 'host', provider: null, variant: null, mount: 'host', label: 'host (no container): baseline' },
  {
    id: 'docker-engine/native/bind',
    provider: 'docker-engine',
    variant: 'native',
    mount: 'bind',
    label: 'bind mount · native',
  },
  {
    id: 'docker-engine/native/volume',
    provider: 'docker-engine',
    variant: 'native',
    mount: 'volume',
    label: 'named volume',
  },
  {
    id: 'docker-engine/native/tmpfs',
    provider: 'docker-engine',
    variant: 'native',
    mount: 'tmpfs',
    label: 'tmpfs · container memory',
  },
];

/** Every fixed workload on every backend, with spread-out means so the bars differ. */
function madeUpRun(): RunFile {
  const base = sampleWorkloadResult();
  const results = WORKLOAD_IDS.filter((id) => id !== 'custom').flatMap((id, w) =>
    BACKENDS.map((backend, b) => {
      const mean = 0.05 * (w + 1) * (1 + 0.3 * b);
      const samples = [0.97, 1.01, 1.0, 1.03, 0.99].map((k) => mean * k);
      return {
        ...base,
        backend,
        fsType: backend.mount === 'tmpfs' ? 'tmpfs' : 'ext4',
        workload: { id, size: 'quick' as const, params: {} },
        stats: {
          ...base.stats,
          samples,
          mean,
          median: mean,
          min: mean * 0.97,
          max: mean * 1.03,
          stddev: mean * 0.02,
        },
      };
    }),
  );
  return sampleRun({
    id: '20261206-090000-bench01',
    results,
    engine: null,
    image: 'mountbench/bench:offline',
  });
}

function loadTemplate(file: string | undefined): RunFile {
  if (!file) return madeUpRun();
  return runFileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

interface Sample {
  longestMs: number;
  /** The longest task from the page's start to the click (its start, and any warm-up). */
  beforeMs: number;
  totalMs: number;
  count: number;
  /** Click to the chart, the table and the recommendation all drawn. */
  drawnMs: number;
}

async function oneRepetition(
  browser: Browser,
  serve: ServeProcess,
  slowdown: number,
  printTasks: boolean,
): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page: Page = await context.newPage();
  page.setDefaultTimeout(VIEW_TIMEOUT_MS);
  try {
    // Slowed from the page's start, so its start and any warm-up are slowed alike.
    if (slowdown > 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    }
    await page.goto(serve.url);
    await page.getByTestId('tab-setup').waitFor({ state: 'visible' });
    // Strings evaluated in the page: this project's Node types have no DOM. Buffered: the long
    // tasks from the page's start too.
    await page.evaluate(`(() => {
      window.__tasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__tasks.push({ at: e.startTime, ms: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    })()`);
    // From the Run tab, where a run's end finds the user before Results opens with the answer.
    await page.getByTestId('tab-run').click();
    await page.getByTestId('panel-run').waitFor({ state: 'visible' });
    // Let the page settle from its own start before the click is timed.
    await page.waitForTimeout(QUIET_MS);
    const clickAt = (await page.evaluate('performance.now()')) as number;
    await page.getByTestId('tab-results').click();
    for (const id of ['results-chart', 'results-table', 'recommendation-card'])
      await page.getByTestId(id).first().waitFor({ state: 'visible' });
    await page.locator('[data-testid="results-chart"] svg').first().waitFor({ state: 'visible' });
    const drawnAt = (await page.evaluate('performance.now()')) as number;
    // Quiet: no long task in the last QUIET_MS.
    for (;;) {
      await page.waitForTimeout(QUIET_MS / 3);
      const last = (await page.evaluate(`Math.max(0, ...window.__tasks.map((t) => t.at + t.ms))`)) as number;
      const now = (await page.evaluate('performance.now()')) as number;
      if (now - last >= QUIET_MS) break;
    }
    const tasks = (await page.evaluate('window.__tasks')) as { at: number; ms: number }[];
    const after = tasks.filter((t) => t.at >= clickAt);
    const words = (list: typeof tasks) =>
      list.map((t) => `${(t.at - clickAt).toFixed(0)}+${t.ms.toFixed(0)}`).join(' ') || 'none';
    if (printTasks)
      process.stderr.write(
        `  long tasks (start+duration, ms from the click): before ${words(tasks.filter((t) => t.at < clickAt))}; after ${words(after)}\n`,
      );
    return {
      longestMs: Math.max(0, ...after.map((t) => t.ms)),
      beforeMs: Math.max(0, ...tasks.filter((t) => t.at < clickAt).map((t) => t.ms)),
      totalMs: after.reduce((s, t) => s + t.ms, 0),
      count: after.length,
      drawnMs: drawnAt - clickAt,
    };
  } finally {
    await context.close();
  }
}

const ms = (v: number) => `${v.toFixed(0)} ms`;

function report(samples: Sample[]): string {
  const rows = (
    [
      ['longest task', 'longestMs'],
      ['longest task before the click (page start)', 'beforeMs'],
      ['long tasks, in all', 'totalMs'],
      ['click to chart, table and card drawn', 'drawnMs'],
    ] as const
  ).map(([label, key]) => {
    const v = samples.map((s) => s[key]);
    return [
      label,
      ms(median(v)),
      `${ms(Math.min(...v))} … ${ms(Math.max(...v))}`,
      v.map((x) => x.toFixed(0)).join(' '),
    ];
  });
  const counts = samples.map((s) => s.count);
  rows.push([
    'long tasks, count',
    String(median(counts)),
    `${Math.min(...counts)} … ${Math.max(...counts)}`,
    counts.join(' '),
  ]);
  return textTable(['opening Results', 'median', 'range', 'each'], rows, ['left', 'right', 'right', 'left']);
}

async function main(values: Values, signal: AbortSignal): Promise<void> {
  const repeat = countOption('--repeat', values.repeat, 7, { min: 1, max: 100 });
  const slowdown = countOption('--cpu-slowdown', values['cpu-slowdown'], 1, { min: 1, max: 20 });
  const run = loadTemplate(values.template);

  ensureBuilt();
  const work = mkdtempSync(join(tmpdir(), 'mountbench-results-mount-'));
  const dataDir = join(work, 'data');
  let browser: Browser | null = null;
  let serve: ServeProcess | null = null;
  try {
    await saveRun(run, resultsDir(dataDir));
    browser = await launchChromium();
    const env = { ...process.env, MOUNTBENCH_DATA_DIR: dataDir, MOUNTBENCH_CACHE_DIR: join(work, 'cache') };
    serve = await startServe({ env, logFile: join(work, 'serve.log') });
    const samples: Sample[] = [];
    for (let i = 0; i < repeat && !signal.aborted; i++) {
      process.stderr.write(`repetition ${i + 1} of ${repeat}…\n`);
      samples.push(await oneRepetition(browser, serve, slowdown, values.tasks === true));
    }
    if (signal.aborted) return;
    const workloads = new Set(run.results.map((r) => r.workload.id)).size;
    const backends = new Set(run.results.map((r) => r.backend.id)).size;
    const header = await benchHeader('Results opening one run', null);
    process.stdout.write(
      `${header}\n` +
        `browser  Chromium ${browser.version()} (headless), CPU slowdown ${slowdown}×\n` +
        `run      ${run.results.length} results (${workloads} workloads × ${backends} backends); ` +
        `${repeat} repetition(s), each a fresh page\n\n` +
        `${report(samples)}\n`,
    );
  } finally {
    if (serve) await serve.stop();
    await browser?.close();
    rmSync(work, { recursive: true, force: true });
  }
}

runBench<Values>({ usage: USAGE, options: OPTIONS, main });
