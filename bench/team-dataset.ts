// A team's dataset at scale (1,000 runs from 50 machines by default): how long readDataset and the
// analysis take in Node, and how long the Team page takes from "Show the team" to its first render
// in a real Chromium over `mountbench serve` (the same core call, team:view, over the WebSocket).
// It prints figures; it asserts nothing.
//
//   npx tsx bench/team-dataset.ts [--machines 50] [--runs-per-release 4] [--releases 5] [--repeat 3]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium, type Browser } from '@playwright/test';
import { ensureBuilt } from '../e2e/support/build';
import { startServe, type ServeProcess } from '../e2e/support/serve-process';
import { median } from '../src/core/stats';
import { analyzeTeam } from '../src/core/team/analyze-team';
import { readDataset } from '../src/core/team/read-dataset';
import { teamDataset, writeTeamDataset } from '../src/core/team/test-support/team-dataset';
import { benchHeader } from './lib/bench-header';
import { countOption, runBench, type BenchOptions } from './lib/bench-main';
import { textTable } from './lib/text-table';

const USAGE = `Usage: npx tsx bench/team-dataset.ts [options]

Writes a team dataset (machines/<machine-id>/<run-id>.json, real result files from the test
generator, a regression planted in one release) into a throwaway folder, then times:
readDataset, the analysis (spread, winners, release changes), and the Team page in Debian's
Chromium (/usr/bin/chromium, or CHROMIUM=path) from "Show the team" until its summary, its
changes and its first spread chart are drawn.

  --machines <n>          machines (default 50)
  --releases <n>          Docker Desktop releases each machine measured (default 5)
  --runs-per-release <n>  runs per machine and release (default 4)
  --repeat <n>            repetitions (default 3); the browser part starts a fresh serve each time`;

const OPTIONS: BenchOptions = {
  machines: { type: 'string' },
  releases: { type: 'string' },
  'runs-per-release': { type: 'string' },
  repeat: { type: 'string' },
};

interface Values {
  machines?: string;
  releases?: string;
  'runs-per-release'?: string;
  repeat?: string;
}

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];
/** A limit so a hung page ends the script; not a figure. */
const PAGE_TIMEOUT_MS = 300_000;

async function timed<T>(action: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const value = await action();
  return [performance.now() - start, value];
}

async function pageOnce(
  browser: Browser,
  serve: ServeProcess,
  root: string,
): Promise<Record<string, number>> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(PAGE_TIMEOUT_MS);
  const tid = (id: string) => page.getByTestId(id);
  try {
    const [open] = await timed(async () => {
      await page.goto(serve.url);
      await tid('tab-team').click();
      await tid('team-folder').waitFor({ state: 'visible' });
    });
    await tid('team-folder').fill(root);
    const [render] = await timed(async () => {
      await tid('team-load').click();
      await tid('team-summary').waitFor({ state: 'visible' });
      await tid('team-changes').waitFor({ state: 'visible' });
      // The first chart's dots: recharts has drawn, not only the tables.
      await page.locator('.team-spread .recharts-scatter-symbol').first().waitFor({ state: 'visible' });
    });
    // The page alone, no core call: regroup the spread by product version until its rows change.
    const [regroup] = await timed(async () => {
      await tid('team-group-version').check();
      await page.locator('[data-group="docker-desktop 27.1.0"]').first().waitFor({ state: 'visible' });
    });
    return { open, render, regroup };
  } finally {
    await context.close();
  }
}

async function main(values: Values, signal: AbortSignal): Promise<void> {
  const machines = countOption('--machines', values.machines, 50, { min: 1, max: 10_000 });
  const releases = countOption('--releases', values.releases, 5, { min: 1, max: 50 });
  const perRelease = countOption('--runs-per-release', values['runs-per-release'], 4, { min: 1, max: 1000 });
  const repeat = countOption('--repeat', values.repeat, 3, { min: 1, max: 100 });
  const versions = Array.from({ length: releases }, (_, i) => `27.${i + 1}.0`);

  ensureBuilt();
  const work = mkdtempSync(join(tmpdir(), 'mountbench-team-bench-'));
  const root = join(work, 'dataset');
  let browser: Browser | null = null;
  let serve: ServeProcess | null = null;
  try {
    process.stderr.write(`writing ${machines * releases * perRelease} runs…\n`);
    const runs = teamDataset({
      machines,
      runsPerVersion: perRelease,
      versions,
      changes: [
        {
          workload: 'small-file-read',
          backendId: 'docker-desktop/vz-virtiofs/bind',
          version: versions[versions.length - 1],
          factor: 1.3,
        },
      ],
    });
    await writeTeamDataset(root, runs);
    const node: Record<string, number[]> = { read: [], analyse: [] };
    let last: { runs: number; refused: number; changes: number; bytes: number } | null = null;
    for (let i = 0; i < repeat && !signal.aborted; i++) {
      const [read, dataset] = await timed(() => readDataset(root));
      const [analyse, analysis] = await timed(async () => analyzeTeam(dataset.runs));
      node.read.push(read);
      node.analyse.push(analyse);
      last = {
        runs: dataset.runs.length,
        refused: dataset.refused.length,
        changes: analysis.changes.length,
        bytes: JSON.stringify({ analysis, refused: dataset.refused }).length,
      };
    }
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
    const env = {
      ...process.env,
      MOUNTBENCH_DATA_DIR: join(work, 'data'),
      MOUNTBENCH_CACHE_DIR: join(work, 'cache'),
    };
    const pageSamples: Record<string, number>[] = [];
    for (let i = 0; i < repeat && !signal.aborted; i++) {
      process.stderr.write(`page: repetition ${i + 1} of ${repeat}…\n`);
      serve = await startServe({ env, logFile: join(work, `serve-${i}.log`) });
      pageSamples.push(await pageOnce(browser, serve, root));
      await serve.stop();
      serve = null;
    }
    if (signal.aborted || !last) return;
    const ms = (v: number) => `${v.toFixed(0)} ms`;
    const row = (label: string, xs: number[]) => [
      label,
      ms(median(xs)),
      `${ms(Math.min(...xs))} … ${ms(Math.max(...xs))}`,
    ];
    const rows = [
      row('readDataset (Node, in-process)', node.read),
      row('analyzeTeam (Node, in-process)', node.analyse),
      row(
        'page: load, open the Team tab',
        pageSamples.map((s) => s.open),
      ),
      row(
        'page: "Show the team" → summary, changes, first chart drawn',
        pageSamples.map((s) => s.render),
      ),
      row(
        'page: regroup by product version (render only)',
        pageSamples.map((s) => s.regroup),
      ),
    ];
    const header = await benchHeader(`Team page over ${last.runs} runs from ${machines} machines`, null);
    process.stdout.write(
      `${header}\n` +
        `browser  Chromium ${browser.version()} (headless), through mountbench serve\n` +
        `dataset  ${machines} machines × ${releases} releases × ${perRelease} runs = ${last.runs} runs ` +
        `(6 results × 10 samples each), ${last.refused} refused; analysis ${(last.bytes / 1024).toFixed(0)} KiB ` +
        `of JSON, ${last.changes} change(s) flagged; ${repeat} repetition(s)\n\n` +
        `${textTable(['step', 'median', 'range'], rows, ['left', 'right', 'right'])}\n`,
    );
  } finally {
    if (serve) await serve.stop();
    await browser?.close();
    rmSync(work, { recursive: true, force: true });
  }
}

runBench<Values>({ usage: USAGE, options: OPTIONS, main });
