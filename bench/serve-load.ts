// `mountbench serve` under load, as issue 20 item 5 found it: many WebSocket connections calling
// `results:list` at once over a data folder that holds one large run, while a separate probe keeps
// asking the HTTP server for the dashboard's page. It prints how long HTTP took to answer before
// and during the load, how the calls were answered, and serve's memory. It asserts nothing.
//
//   npx tsx bench/serve-load.ts [--connections 200] [--calls 50] [--results 25] [--samples 100000]
//                               [--loop-probe] [--cpu-prof FILE] [--probe-thread]
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { fork } from 'node:child_process';
import { WebSocket } from 'ws';
import { ensureBuilt } from '../e2e/support/build';
import { startServe, type ServeProcess } from '../e2e/support/serve-process';
import { summarize } from '../src/core/stats/summarize';
import { sampleRun, sampleWorkloadResult } from '../src/core/store/test-support/run-fixture';
import { WS_PATH, type WsReply } from '../src/shared/ws-protocol';
import { benchHeader, loadLine } from './lib/bench-header';
import { countOption, runBench, type BenchOptions } from './lib/bench-main';
import { textTable } from './lib/text-table';

const USAGE = `Usage: npx tsx bench/serve-load.ts [options]

Starts \`mountbench serve\` (a process of its own) on a throwaway data folder holding one large run,
opens --connections WebSockets that each send --calls results:list calls at once, and meanwhile times
GET / from a probe (a process of its own) every 20 ms. Prints HTTP latency before and during the load, the calls' answers
(answered, BUSY) and serve's resident memory.

  --connections N   WebSocket connections (default 200)
  --calls N         results:list calls each connection sends at once (default 50)
  --results N       results in the large run (default 25)
  --samples N       samples in each of them (default 100000, the most a result may hold: with 25
                    results a valid run of about 47 MB, under the 50 MB every reader takes)
  --get N           of each connection's calls, N are results:get of the large run instead of
                    results:list (default 0): the Run view opening it while the History list loads
  --loop-probe      load bench/lib/loop-delay-probe.cjs into serve and print serve's own event-loop
                    delay (perf_hooks histogram), its stalls past 50 ms during the load, its
                    largest heap and (Linux) how long its main thread ran in each stall and
                    at most between two 10 ms ticks: the bound on its longest task
  --cpu-prof FILE   also profile serve's CPU (the inspector's profiler), written to FILE (.cpuprofile);
                    with --loop-probe the stalls go beside it (FILE.stalls.json), to read the
                    profile at those moments
  --probe-thread    time GET / from a worker thread of the bench's process, as before 5 Dec 2026,
                    instead of a process of its own: it shares the bench's CPU time and process, so
                    its slowest figures hold the bench's own work; for comparison only`;

const OPTIONS: BenchOptions = {
  connections: { type: 'string' },
  calls: { type: 'string' },
  results: { type: 'string' },
  samples: { type: 'string' },
  get: { type: 'string' },
  'loop-probe': { type: 'boolean' },
  'cpu-prof': { type: 'string' },
  'probe-thread': { type: 'boolean' },
};

interface Values {
  connections?: string;
  calls?: string;
  results?: string;
  samples?: string;
  get?: string;
  'loop-probe'?: boolean;
  'cpu-prof'?: string;
  'probe-thread'?: boolean;
}

interface LoopProbe {
  count: number;
  meanMs: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  /** ranMs: how long serve's main thread was on a CPU during the stall (absent before it was added). */
  stalls: { atMs: number; heldMs: number; ranMs?: number | null; monoUs: [number, number] }[];
  gc: Record<string, { count: number; totalMs: number; maxMs: number }>;
  /** Absent in a probe file written before it was added. */
  heapMaxMb?: number;
  /** Times serve's main thread ran 20 ms or more between two 10 ms ticks (absent before it was added). */
  longRuns?: { atMs: number; ranMs: number }[];
}

const PROBE_MODULE = join(__dirname, 'lib', 'loop-delay-probe.cjs');

/** serve's environment with the probe (and the profiler) loaded, when asked for. */
function probedEnv(env: NodeJS.ProcessEnv, probeFile: string | null, profileFile: string | null) {
  if (!probeFile && !profileFile) return env;
  return {
    ...env,
    NODE_OPTIONS: `${env['NODE_OPTIONS'] ?? ''} --require ${JSON.stringify(PROBE_MODULE)}`.trim(),
    ...(probeFile ? { MOUNTBENCH_LOOP_PROBE_FILE: probeFile } : {}),
    ...(profileFile ? { MOUNTBENCH_CPU_PROFILE_FILE: profileFile } : {}),
  };
}

/** What the probe saw, the stalls limited to the load's window. */
function loopReport(probe: LoopProbe, from: number, to: number): string {
  const during = probe.stalls.filter((s) => s.atMs >= from && s.atMs <= to);
  const held = during.map((s) => s.heldMs).sort((a, b) => b - a);
  const total = held.reduce((sum, v) => sum + v, 0);
  return (
    `serve's event-loop delay (whole life, perf_hooks, 10 ms resolution): median ${probe.p50Ms.toFixed(1)} ms, ` +
    `p95 ${probe.p95Ms.toFixed(1)} ms, p99 ${probe.p99Ms.toFixed(1)} ms, max ${probe.maxMs.toFixed(1)} ms\n` +
    `stalls past 50 ms during the load: ${during.length}, ${total} ms in all; longest: ${held.slice(0, 8).join(', ') || 'none'} ms\n` +
    `garbage collection (whole life): ${
      Object.entries(probe.gc)
        .map(
          ([kind, g]) => `${kind} ${g.count}× ${g.totalMs.toFixed(0)} ms (longest ${g.maxMs.toFixed(0)} ms)`,
        )
        .join(', ') || 'none seen'
    }\n` +
    (probe.heapMaxMb === undefined
      ? ''
      : `serve's main-thread V8 heap: ${probe.heapMaxMb.toFixed(0)} MB at most\n`) +
    runReport(probe, during, from, to)
  );
}

/**
 * How much of each stall serve's main thread actually ran (the rest it waited for a core), and the
 * longest it ran between two ticks of the probe's timer: no task of serve's loop is longer than that
 * (a task cannot straddle a tick), however busy the machine. Linux only; empty elsewhere.
 */
function runReport(probe: LoopProbe, during: LoopProbe['stalls'], from: number, to: number): string {
  if (!probe.longRuns || during.some((s) => s.ranMs === null || s.ranMs === undefined)) return '';
  const longest = probe.longRuns
    .filter((r) => r.atMs >= from && r.atMs <= to)
    .map((r) => r.ranMs)
    .sort((a, b) => b - a);
  const stalls = [...during].sort((a, b) => b.heldMs - a.heldMs).slice(0, 8);
  return (
    `of those stalls, ms held / ms serve's main thread ran: ${stalls.map((s) => `${s.heldMs}/${s.ranMs}`).join(', ') || 'none'}\n` +
    `serve's main thread ran at most ${longest[0] ?? '<20'} ms between two 10 ms ticks during the load ` +
    `(bounds its longest task); 20 ms or more ${longest.length}× (${longest.slice(0, 8).join(', ')})\n`
  );
}

/** Writes one valid run of `count` results with `samples` samples each, the size a long race can reach. */
function writeLargeRun(dataDir: string, count: number, samples: number): number {
  const values = Array.from({ length: samples }, (_, i) => 0.1 + (i % 5000) * 1.23456789e-7);
  const result = { ...sampleWorkloadResult(), stats: summarize(values) };
  const run = sampleRun({
    id: 'large-run',
    results: Array.from({ length: count }, (_, i) => ({
      ...result,
      backend: { ...result.backend, id: `docker-desktop/vz-virtiofs/bind-${i}`, label: `bind ${i}` },
    })),
  });
  const dir = join(dataDir, 'results');
  mkdirSync(dir, { recursive: true });
  const text = JSON.stringify(run);
  writeFileSync(join(dir, 'large-run.json'), text);
  return Buffer.byteLength(text);
}

const HTTP_PROBE = join(__dirname, 'lib', 'http-probe.cjs');

/**
 * Sequential GETs every 20 ms until the returned stop() is called, from a process of its own
 * (bench/lib/http-probe.cjs says why), or from a worker thread of this process when `inThread`.
 */
function probe(url: URL, inThread: boolean): { stop(): Promise<number[]> } {
  const settle = (resolve: (v: number[]) => void, reject: (e: Error) => void) => (m: unknown) =>
    Array.isArray(m) ? resolve(m as number[]) : reject(new Error((m as { error: string }).error));
  if (inThread) {
    const worker = new Worker(HTTP_PROBE, { workerData: { url: url.href } });
    const done = new Promise<number[]>((resolve, reject) => {
      worker.once('message', settle(resolve, reject));
      worker.once('error', reject);
    });
    return {
      async stop() {
        worker.postMessage('stop');
        const latencies = await done;
        await worker.terminate();
        return latencies;
      },
    };
  }
  const child = fork(HTTP_PROBE, [url.href], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: [],
  });
  const done = new Promise<number[]>((resolve, reject) => {
    child.once('message', settle(resolve, reject));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the GET / probe exited (${code}) without its timings`)));
  });
  return {
    async stop() {
      child.send('stop');
      return done;
    },
  };
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

function openSocket(url: URL, token: string, origin: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://${url.host}${WS_PATH}?token=${token}`, {
      origin,
      perMessageDeflate: false,
    });
    socket.on('open', () => resolve(socket));
    socket.on('error', reject);
  });
}

function callAll(socket: WebSocket, count: number, gets: number, token: string): Promise<WsReply[]> {
  return new Promise((resolve) => {
    const replies: WsReply[] = [];
    socket.on('message', (data) => {
      replies.push(JSON.parse(data.toString()) as WsReply);
      if (replies.length === count) resolve(replies);
    });
    for (let id = 1; id <= count; id++) {
      const call =
        id <= gets ? { channel: 'results:get', args: ['large-run'] } : { channel: 'results:list', args: [] };
      socket.send(JSON.stringify({ id, ...call, token }));
    }
  });
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

const msText = (v: number) => `${v.toFixed(1)} ms`;

function latencyRow(name: string, values: number[]): string[] {
  return [
    name,
    String(values.length),
    msText(quantile(values, 0.5)),
    msText(quantile(values, 0.95)),
    msText(Math.max(...values)),
  ];
}

runBench<Values>({
  usage: USAGE,
  options: OPTIONS,
  async main(values, signal) {
    const connections = countOption('--connections', values.connections, 200, { min: 1, max: 1000 });
    const calls = countOption('--calls', values.calls, 50, { min: 1, max: 1000 });
    const results = countOption('--results', values.results, 25, { min: 1, max: 10_000 });
    const samples = countOption('--samples', values.samples, 100_000, { min: 1, max: 100_000 });
    const gets = values.get === undefined ? 0 : countOption('--get', values.get, 0, { min: 1, max: calls });
    const inThread = values['probe-thread'] === true;
    const profileFile = values['cpu-prof'] ? resolve(values['cpu-prof']) : null;
    const work = mkdtempSync(join(tmpdir(), 'mountbench-serve-load-'));
    let serve: ServeProcess | null = null;
    const sockets: WebSocket[] = [];
    try {
      process.stderr.write('building the dashboard if needed…\n');
      ensureBuilt();
      const dataDir = join(work, 'data');
      const bytes = writeLargeRun(dataDir, results, samples);
      const probeFile = values['loop-probe'] ? join(work, 'loop-probe.json') : null;
      const env = probedEnv(
        { ...process.env, MOUNTBENCH_DATA_DIR: dataDir, MOUNTBENCH_CACHE_DIR: join(work, 'cache') },
        probeFile,
        profileFile,
      );
      const loadBefore = loadLine();
      serve = await startServe({ env, logFile: join(work, 'serve.log') });
      const url = new URL(serve.url);
      const token = url.searchParams.get('token') ?? '';
      const rssStart = rssMb(serve.pid);

      process.stderr.write('quiet HTTP baseline…\n');
      const quietProbe = probe(url, inThread);
      await sleep(2000);
      const quiet = await quietProbe.stop();

      process.stderr.write(`${connections} connections × ${calls} results:list calls…\n`);
      for (let i = 0; i < connections && !signal.aborted; i++)
        sockets.push(await openSocket(url, token, serve.origin));
      let rssPeak = rssMb(serve.pid);
      const watch = setInterval(() => {
        if (serve) rssPeak = Math.max(rssPeak, rssMb(serve.pid));
      }, 100);
      const loadProbe = probe(url, inThread);
      const start = performance.now();
      const loadFrom = Date.now();
      const replies = (await Promise.all(sockets.map((s) => callAll(s, calls, gets, token)))).flat();
      const seconds = (performance.now() - start) / 1000;
      const loadTo = Date.now();
      const loaded = await loadProbe.stop();
      clearInterval(watch);
      const loadAfter = loadLine();
      for (const s of sockets) s.close();
      await serve.stop();
      serve = null;
      const probed = probeFile ? (JSON.parse(readFileSync(probeFile, 'utf8')) as LoopProbe) : null;
      if (probed && profileFile)
        writeFileSync(
          `${profileFile}.stalls.json`,
          JSON.stringify(probed.stalls.filter((s) => s.atMs >= loadFrom && s.atMs <= loadTo)),
        );
      const loop = probed ? loopReport(probed, loadFrom, loadTo) : '';

      const ok = replies.filter((r) => r.ok).length;
      const gotRun = replies.filter((r) => r.ok && !Array.isArray(r.value)).length;
      // The listing names the run only when every reader's checks let it through: a run the
      // readers refuse (too large, too many samples) costs a parse but lists nothing.
      const listed = replies.find((r) => r.ok);
      const runsListed = listed?.ok && Array.isArray(listed.value) ? listed.value.length : 0;
      const busy = replies.filter((r) => !r.ok && r.error.code === 'BUSY').length;
      const other = replies.length - ok - busy;
      const header = await benchHeader('mountbench serve under load', null);
      process.stdout.write(
        `${header}\n` +
          `load average (1, 5, 15 min): ${loadBefore} before the load, ${loadAfter} after it\n` +
          `data folder: one run of ${(bytes / 1e6).toFixed(1)} MB (${results} results × ${samples} samples; runs listed: ${runsListed}); ${connections} connections × ${calls} calls (${gets} of them results:get) = ${replies.length} calls, all answered in ${seconds.toFixed(1)} s\n\n` +
          `${textTable([`GET / (probe every 20 ms, ${inThread ? 'a thread of the bench' : 'own process'})`, 'requests', 'median', 'p95', 'max'], [latencyRow('before the load', quiet), latencyRow('during the load', loaded)], ['left', 'right', 'right', 'right', 'right'])}\n\n` +
          `${textTable(
            ['answers', 'count'],
            [
              ['listing', String(ok - gotRun)],
              ['the run (results:get)', String(gotRun)],
              ['BUSY (over 32 unanswered on one connection)', String(busy)],
              ['other errors', String(other)],
            ],
            ['left', 'right'],
          )}\n\n` +
          `serve RSS: ${rssStart.toFixed(0)} MB at start, ${rssPeak.toFixed(0)} MB at most during the load\n` +
          loop,
      );
    } finally {
      for (const s of sockets) s.close();
      await serve?.stop();
      rmSync(work, { recursive: true, force: true });
    }
  },
});
