// A team's dataset at scale (1,000 runs from 50 machines by default), as a team would have it: in a
// local bare git repository, one commit per machine as each publisher pushes. Times `mountbench team
// pull` as a user runs it (the first clone, then a pull that brings one new run per machine),
// readDataset and the analysis in Node, and the Team page in a real Chromium over `mountbench serve`
// from "Show the team" over the pulled clone to its first chart (the same core call, team:view, over
// the WebSocket). It prints figures; it asserts nothing.
//
//   npx tsx bench/team-dataset.ts [--machines 50] [--runs-per-release 4] [--releases 5] [--repeat 3]
import { execFile } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium, type Browser } from '@playwright/test';
import { ensureBuilt } from '../e2e/support/build';
import { REPO_ROOT } from '../e2e/support/paths';
import { startServe, type ServeProcess } from '../e2e/support/serve-process';
import { median } from '../src/core/stats';
import { analyzeTeam } from '../src/core/team/analyze-team';
import { git } from '../src/core/team/git';
import { readDataset, type TeamRun } from '../src/core/team/read-dataset';
import { DEFAULT_BRANCH } from '../src/core/team/remote';
import { RunFileCache } from '../src/core/team/run-file-cache';
import { teamDataset, writeTeamDataset } from '../src/core/team/test-support/team-dataset';
import { savedViewFile, VIEW_CACHE_DIR } from '../src/core/team/view-cache';
import { viewTeam } from '../src/core/team/view-team';
import { benchHeader } from './lib/bench-header';
import { countOption, runBench, type BenchOptions } from './lib/bench-main';
import { textTable } from './lib/text-table';

const USAGE = `Usage: npx tsx bench/team-dataset.ts [options]

Publishes a team dataset (machines/<machine-id>/<run-id>.json, real result files from the test
generator, a regression planted in one release) to a throwaway bare git repository, one commit per
machine, then times: \`mountbench team pull\` (a first clone, then a pull that brings one new run per
machine, a release none had measured), readDataset and the analysis (spread, winners, release
changes), opening the saved view in Node, and the Team page in Debian's Chromium
(/usr/bin/chromium, or CHROMIUM=path) from "Show the team" over the pulled clone until its summary,
its changes and its first spread chart are drawn, in a fresh serve with no saved view (cold) and in
another fresh serve with the view the first one saved (warm), then "Show the team" once more in the
same page.

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

/** `mountbench <args>` as a user runs it: its own process, the source CLI (through tsx). */
function cli(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [join(REPO_ROOT, 'bin', 'mountbench.js'), ...args],
      { env, maxBuffer: 64 * 1024 * 1024, timeout: PAGE_TIMEOUT_MS },
      (err, stdout, stderr) => {
        if (err) return reject(new Error(`mountbench ${args[0]} failed: ${stderr || err.message}`));
        resolve(stdout);
      },
    );
  });
}

/** `mountbench team pull <bare> --json`: where the clone is, and how many runs it read. */
async function cliPull(bare: string, env: NodeJS.ProcessEnv): Promise<{ folder: string; runs: number }> {
  const out = JSON.parse(await cli(['team', 'pull', bare, '--json'], env)) as {
    folder: string;
    runs: unknown[];
  };
  return { folder: out.folder, runs: out.runs.length };
}

/**
 * The bare repository a team would have: every machine's runs pushed as one commit of its own
 * (what each machine's first `mountbench publish` makes). Returns the branch's commit.
 */
async function publishAll(bare: string, work: string, runs: readonly TeamRun[]): Promise<string> {
  const run = (args: string[]) => git(args, { cwd: work });
  for (const machineId of [...new Set(runs.map((r) => r.machineId))]) {
    await writeTeamDataset(
      work,
      runs.filter((r) => r.machineId === machineId),
    );
    await run(['add', '--', `machines/${machineId}`]);
    await run(['commit', '-q', '-m', `runs of ${machineId}`]);
  }
  await run(['push', '-q', bare, `HEAD:refs/heads/${DEFAULT_BRANCH}`]);
  return (await run(['rev-parse', 'HEAD'])).trim();
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
  const firstDot = () => page.locator('.team-spread .recharts-scatter-symbol').first();
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
      await firstDot().waitFor({ state: 'visible' });
    });
    // The page alone, no core call: regroup the spread by product version until its rows change.
    const [regroup] = await timed(async () => {
      await tid('team-group-version').check();
      await page.locator('[data-group="docker-desktop engine 27.1.0"]').first().waitFor({ state: 'visible' });
    });
    // "Show the team" again in the same serve: the files are unchanged, so the saved view answers. The page keeps its old view while loading, so wait for the answer.
    await tid('team-group-chip').check();
    // The button is disabled while the core reads: watch it go off and on again (a poll could
    // miss a fast answer), then wait for the chart.
    // (A string: the bench is compiled without the DOM's types. `void`: evaluate would otherwise
    // wait for the promise it returns.)
    await page.evaluate(`
      void (window.answered = new Promise((resolve) => {
        const button = document.querySelector('[data-testid="team-load"]');
        let loading = false;
        new MutationObserver(() => {
          if (button.disabled) loading = true;
          else if (loading) resolve();
        }).observe(button, { attributes: true, childList: true, subtree: true, characterData: true });
      }))`);
    const [again] = await timed(async () => {
      await tid('team-load').click();
      await page.evaluate('window.answered');
      await firstDot().waitFor({ state: 'visible' });
    });
    return { open, render, regroup, again };
  } finally {
    await context.close();
  }
}

async function main(values: Values, signal: AbortSignal): Promise<void> {
  const machines = countOption('--machines', values.machines, 50, { min: 1, max: 10_000 });
  const releases = countOption('--releases', values.releases, 5, { min: 1, max: 50 });
  const perRelease = countOption('--runs-per-release', values['runs-per-release'], 4, { min: 1, max: 1000 });
  const repeat = countOption('--repeat', values.repeat, 3, { min: 1, max: 100 });
  // One more release than the dataset starts with: each machine's first run on it is what the
  // second pull brings.
  const versions = Array.from({ length: releases + 1 }, (_, i) => `27.${i + 1}.0`);

  ensureBuilt();
  const work = mkdtempSync(join(tmpdir(), 'mountbench-team-bench-'));
  const bare = join(work, 'team.git');
  const publisher = join(work, 'publisher');
  const env = {
    ...process.env,
    MOUNTBENCH_DATA_DIR: join(work, 'data'),
    MOUNTBENCH_CACHE_DIR: join(work, 'cache'),
  };
  let browser: Browser | null = null;
  let serve: ServeProcess | null = null;
  try {
    const all = teamDataset({
      machines,
      runsPerVersion: perRelease,
      versions,
      changes: [
        {
          workload: 'small-file-read',
          backendId: 'docker-desktop/vz-virtiofs/bind',
          version: versions[releases - 1],
          factor: 1.3,
        },
      ],
    });
    const newRelease = versions[releases];
    const isNew = (r: TeamRun) => r.run.engine?.serverVersion === newRelease;
    const initial = all.filter((r) => !isNew(r));
    // One new run per machine: its first on the new release.
    const seen = new Set<string>();
    const added = all.filter((r) => {
      if (!isNew(r) || seen.has(r.machineId)) return false;
      seen.add(r.machineId);
      return true;
    });
    process.stderr.write(
      `publishing ${initial.length} runs from ${machines} machines (a commit each), then ${added.length} more…\n`,
    );
    await git(['init', '-q', '--bare', bare], { cwd: work });
    await git(['init', '-q', publisher], { cwd: work });
    const before = await publishAll(bare, publisher, initial);
    const after = await publishAll(bare, publisher, added);
    const setBranch = (commit: string) =>
      git(['update-ref', `refs/heads/${DEFAULT_BRANCH}`, commit], { cwd: bare });

    const pulls: Record<string, number[]> = { start: [], first: [], second: [] };
    let clone = '';
    let pulled = { first: 0, second: 0 };
    for (let i = 0; i < repeat && !signal.aborted; i++) {
      process.stderr.write(`pull: repetition ${i + 1} of ${repeat}…\n`);
      rmSync(join(work, 'cache'), { recursive: true, force: true });
      await setBranch(before);
      // What any command pays before it does anything: node, tsx and the CLI's modules.
      const [start] = await timed(() => cli(['--version'], env));
      pulls.start.push(start);
      const [first, one] = await timed(() => cliPull(bare, env));
      await setBranch(after);
      const [second, two] = await timed(() => cliPull(bare, env));
      pulls.first.push(first);
      pulls.second.push(second);
      clone = two.folder;
      pulled = { first: one.runs, second: two.runs };
    }

    const node: Record<string, number[]> = { read: [], analyse: [], saved: [] };
    const viewCache = { dataDir: env.MOUNTBENCH_DATA_DIR, cacheDir: env.MOUNTBENCH_CACHE_DIR };
    let last: { runs: number; refused: number; changes: number; bytes: number; savedBytes: number } | null =
      null;
    for (let i = 0; i < repeat && !signal.aborted; i++) {
      const [read, dataset] = await timed(() => readDataset(clone, { cache: new RunFileCache() }));
      const [analyse, analysis] = await timed(async () => analyzeTeam(dataset.runs));
      node.read.push(read);
      node.analyse.push(analyse);
      // The pull saved the view: the listing, an lstat per file, and the saved view read and checked.
      const [saved] = await timed(() => viewTeam(clone, { cache: new RunFileCache(), viewCache }));
      node.saved.push(saved);
      last = {
        runs: dataset.runs.length,
        refused: dataset.refused.length,
        changes: analysis.changes.length,
        bytes: JSON.stringify({ analysis, refused: dataset.refused }).length,
        savedBytes: statSync(savedViewFile(viewCache, realpathSync(clone))).size,
      };
    }
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
    const pageSamples: Record<string, number>[] = [];
    const warmSamples: Record<string, number>[] = [];
    for (let i = 0; i < repeat && !signal.aborted; i++) {
      process.stderr.write(`page: repetition ${i + 1} of ${repeat}…\n`);
      // Cold: no saved view (the pull's is removed), so the first view reads and checks every file.
      rmSync(join(env.MOUNTBENCH_CACHE_DIR, VIEW_CACHE_DIR), { recursive: true, force: true });
      serve = await startServe({ env, logFile: join(work, `serve-${i}.log`) });
      pageSamples.push(await pageOnce(browser, serve, clone));
      await serve.stop();
      // Warm: a fresh serve (nothing in its memory) over the view the cold one saved.
      serve = await startServe({ env, logFile: join(work, `serve-${i}-warm.log`) });
      warmSamples.push(await pageOnce(browser, serve, clone));
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
      row('mountbench --version (the CLI starting, nothing more)', pulls.start),
      row(`mountbench team pull: first clone (${pulled.first} runs)`, pulls.first),
      row(`mountbench team pull: ${added.length} new runs (${pulled.second} in all)`, pulls.second),
      row('readDataset (Node, in-process, a fresh cache each time)', node.read),
      row('analyzeTeam (Node, in-process)', node.analyse),
      row('viewTeam over the saved view (Node, in-process)', node.saved),
      row(
        'page: load, open the Team tab',
        pageSamples.map((s) => s.open),
      ),
      row(
        'page: "Show the team" → first chart, fresh serve, no saved view',
        pageSamples.map((s) => s.render),
      ),
      row(
        'page: "Show the team" → first chart, fresh serve, saved view',
        warmSamples.map((s) => s.render),
      ),
      row(
        'page: regroup by product version (render only)',
        pageSamples.map((s) => s.regroup),
      ),
      row(
        'page: "Show the team" again, same serve → first chart',
        pageSamples.map((s) => s.again),
      ),
    ];
    const header = await benchHeader(`Team page over ${last.runs} runs from ${machines} machines`, null);
    process.stdout.write(
      `${header}\n` +
        `browser  Chromium ${browser.version()} (headless), through mountbench serve\n` +
        `dataset  a bare git repository, a commit per machine: ${machines} machines × ${releases} releases × ` +
        `${perRelease} runs, then one run per machine on ${newRelease}; ${last.runs} runs read ` +
        `(6 results × 10 samples each), ${last.refused} refused; analysis ${(last.bytes / 1024).toFixed(0)} KiB ` +
        `of JSON (saved view ${(last.savedBytes / 1024).toFixed(0)} KiB), ${last.changes} change(s) flagged; ` +
        `${repeat} repetition(s)\n\n` +
        `${textTable(['step', 'median', 'range'], rows, ['left', 'right', 'right'])}\n`,
    );
  } finally {
    if (serve) await serve.stop();
    await browser?.close();
    rmSync(work, { recursive: true, force: true });
  }
}

runBench<Values>({ usage: USAGE, options: OPTIONS, main });
