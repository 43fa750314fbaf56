// `mountbench serve` under load, as issue 20 item 5 found it: many WebSocket connections calling
// `results:list` at once over a data folder that holds one large run, while a separate probe keeps
// asking the HTTP server for the dashboard's page. It prints how long HTTP took to answer before
// and during the load, how the calls were answered, and serve's memory. It asserts nothing.
//
//   npx tsx bench/serve-load.ts [--connections 200] [--calls 50] [--results 25] [--samples 100000]
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { WebSocket } from 'ws';
import { ensureBuilt } from '../e2e/support/build';
import { startServe, type ServeProcess } from '../e2e/support/serve-process';
import { summarize } from '../src/core/stats/summarize';
import { sampleRun, sampleWorkloadResult } from '../src/core/store/test-support/run-fixture';
import { WS_PATH, type WsReply } from '../src/shared/ws-protocol';
import { benchHeader } from './lib/bench-header';
import { countOption, runBench, type BenchOptions } from './lib/bench-main';
import { textTable } from './lib/text-table';

const USAGE = `Usage: npx tsx bench/serve-load.ts [options]

Starts \`mountbench serve\` (a process of its own) on a throwaway data folder holding one large run,
opens --connections WebSockets that each send --calls results:list calls at once, and meanwhile times
GET / from a probe every 20 ms. Prints HTTP latency before and during the load, the calls' answers
(answered, BUSY) and serve's resident memory.

  --connections N   WebSocket connections (default 200)
  --calls N         results:list calls each connection sends at once (default 50)
  --results N       results in the large run (default 25)
  --samples N       samples in each of them (default 100000, the most a result may hold: with 25
                    results a valid run of about 47 MB, under the 50 MB every reader takes)`;

const OPTIONS: BenchOptions = {
  connections: { type: 'string' },
  calls: { type: 'string' },
  results: { type: 'string' },
  samples: { type: 'string' },
};

interface Values {
  connections?: string;
  calls?: string;
  results?: string;
  samples?: string;
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

// The probe runs in a thread of its own: the load's 200 sockets keep this thread busy sending
// calls and reading answers, and a probe sharing its event loop would time that, not serve.
const PROBE_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { request } = require('node:http');
const { performance } = require('node:perf_hooks');
const url = new URL(workerData.url);
let stopped = false;
const latencies = [];
parentPort.on('message', () => { stopped = true; });
function getPage() {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: '/', headers: { host: url.host } }, (res) => {
      res.resume();
      res.on('end', () => resolve(performance.now() - start));
    });
    req.setTimeout(60000, () => req.destroy(new Error('GET / took over 60 s')));
    req.on('error', reject);
    req.end();
  });
}
(async () => {
  while (!stopped) {
    latencies.push(await getPage());
    await new Promise((r) => setTimeout(r, 20));
  }
  parentPort.postMessage(latencies);
})().catch((err) => parentPort.postMessage({ error: String(err) }));
`;

/** Sequential GETs every 20 ms, from another thread, until the returned stop() is called. */
function probe(url: URL): { stop(): Promise<number[]> } {
  const worker = new Worker(PROBE_SOURCE, { eval: true, workerData: { url: url.href } });
  const done = new Promise<number[]>((resolve, reject) => {
    worker.once('message', (m: number[] | { error: string }) =>
      Array.isArray(m) ? resolve(m) : reject(new Error(m.error)),
    );
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

function callAll(socket: WebSocket, count: number, token: string): Promise<WsReply[]> {
  return new Promise((resolve) => {
    const replies: WsReply[] = [];
    socket.on('message', (data) => {
      replies.push(JSON.parse(data.toString()) as WsReply);
      if (replies.length === count) resolve(replies);
    });
    for (let id = 1; id <= count; id++)
      socket.send(JSON.stringify({ id, channel: 'results:list', args: [], token }));
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
    const work = mkdtempSync(join(tmpdir(), 'mountbench-serve-load-'));
    let serve: ServeProcess | null = null;
    const sockets: WebSocket[] = [];
    try {
      process.stderr.write('building the dashboard if needed…\n');
      ensureBuilt();
      const dataDir = join(work, 'data');
      const bytes = writeLargeRun(dataDir, results, samples);
      const env = { ...process.env, MOUNTBENCH_DATA_DIR: dataDir, MOUNTBENCH_CACHE_DIR: join(work, 'cache') };
      serve = await startServe({ env, logFile: join(work, 'serve.log') });
      const url = new URL(serve.url);
      const token = url.searchParams.get('token') ?? '';
      const rssStart = rssMb(serve.pid);

      process.stderr.write('quiet HTTP baseline…\n');
      const quietProbe = probe(url);
      await sleep(2000);
      const quiet = await quietProbe.stop();

      process.stderr.write(`${connections} connections × ${calls} results:list calls…\n`);
      for (let i = 0; i < connections && !signal.aborted; i++)
        sockets.push(await openSocket(url, token, serve.origin));
      let rssPeak = rssMb(serve.pid);
      const watch = setInterval(() => {
        if (serve) rssPeak = Math.max(rssPeak, rssMb(serve.pid));
      }, 100);
      const loadProbe = probe(url);
      const start = performance.now();
      const replies = (await Promise.all(sockets.map((s) => callAll(s, calls, token)))).flat();
      const seconds = (performance.now() - start) / 1000;
      const loaded = await loadProbe.stop();
      clearInterval(watch);

      const ok = replies.filter((r) => r.ok).length;
      // The listing names the run only when every reader's checks let it through: a run the
      // readers refuse (too large, too many samples) costs a parse but lists nothing.
      const listed = replies.find((r) => r.ok);
      const runsListed = listed?.ok && Array.isArray(listed.value) ? listed.value.length : 0;
      const busy = replies.filter((r) => !r.ok && r.error.code === 'BUSY').length;
      const other = replies.length - ok - busy;
      const header = await benchHeader('mountbench serve under load', null);
      process.stdout.write(
        `${header}\n` +
          `data folder: one run of ${(bytes / 1e6).toFixed(1)} MB (${results} results × ${samples} samples; runs listed: ${runsListed}); ${connections} connections × ${calls} calls = ${replies.length} calls, all answered in ${seconds.toFixed(1)} s\n\n` +
          `${textTable(['GET / (probe every 20 ms)', 'requests', 'median', 'p95', 'max'], [latencyRow('before the load', quiet), latencyRow('during the load', loaded)], ['left', 'right', 'right', 'right', 'right'])}\n\n` +
          `${textTable(
            ['answers', 'count'],
            [
              ['listing', String(ok)],
              ['BUSY (over 32 unanswered on one connection)', String(busy)],
              ['other errors', String(other)],
            ],
            ['left', 'right'],
          )}\n\n` +
          `serve RSS: ${rssStart.toFixed(0)} MB at start, ${rssPeak.toFixed(0)} MB at most during the load\n`,
      );
    } finally {
      for (const s of sockets) s.close();
      await serve?.stop();
      rmSync(work, { recursive: true, force: true });
    }
  },
});
