// Progress events of a run as a dashboard sees them through `mountbench serve`: how many the core
// emits, how many reach a WebSocket client per second after the throttle, whether any event that
// must never be dropped went missing, and what share of a CPU the serve process spends meanwhile.
// The server runs in a child process of its own (the real startServeServer with the real core), so
// its process.cpuUsage() counts the server alone; this process is the page's client (ws-client.ts).
//
// With --flood, the serve process also feeds the same event path (throttle, broadcast) with
// synthetic sample events at a set rate during the run, to show what the throttle does to a flood
// that a real workload on this machine does not reach.
//
//   npx tsx bench/progress-events.ts [--size quick] [--runs 100] [--warmup 2] [--clients 1] [--flood 0]
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import { createCoreApi } from '../src/core/app/core-api';
import { resolveEngine } from '../src/core/engines';
import { benchImageFor } from '../src/core/runner/image';
import { coalesceKey } from '../src/core/app/event-throttle';
import { createWsClient, type WsClient } from '../src/renderer/src/transport/ws-client';
import { startServeServer } from '../src/server/serve-server';
import { MountbenchError } from '../src/shared/errors';
import { SIZES, type SizeName } from '../src/shared/ids';
import type { JobEvent } from '../src/shared/jobs';
import type { RunEvent } from '../src/shared/run-events';
import { WS_PATH } from '../src/shared/ws-protocol';
import { benchHeader, loadLine } from './lib/bench-header';
import { choiceOption, countOption, runBench, type BenchOptions } from './lib/bench-main';
import { textTable } from './lib/text-table';

const ROLE_ENV = 'MOUNTBENCH_BENCH_ROLE';

const USAGE = `Usage: npx tsx bench/progress-events.ts [options]

Runs small-file-read on tmpfs through a real \`mountbench serve\` server (in a child process) and
prints the events per second reaching WebSocket clients and the server's CPU share over the run.

  --size <size>    ${SIZES.join(' or ')} (default quick: the fastest samples, the most events)
  --runs <n>       timed runs (default 100)
  --warmup <n>     warm-up runs (default 2)
  --clients <n>    WebSocket clients listening at once (default 1)
  --flood <n>      also push n synthetic sample events a second through the server's event path
                   during the run (default 0: only the run's own events)
  --image <ref>    bench image (default MOUNTBENCH_IMAGE or the pinned BusyBox)`;

const OPTIONS: BenchOptions = {
  size: { type: 'string' },
  runs: { type: 'string' },
  warmup: { type: 'string' },
  clients: { type: 'string' },
  flood: { type: 'string' },
  image: { type: 'string' },
};

interface Values {
  size?: string;
  runs?: string;
  warmup?: string;
  clients?: string;
  flood?: string;
  image?: string;
}

type ToServer = { type: 'mark'; flood: number } | { type: 'report' } | { type: 'stop' };

const FLOOD_RUN_ID = 'synthetic-flood';
type FromServer =
  | { type: 'ready'; origin: string; token: string }
  | {
      type: 'report';
      cpuUserUs: number;
      cpuSystemUs: number;
      wallMs: number;
      emitted: Record<string, number>;
    };

/** The serve process: the real server and core, counting what the core emits before the throttle. */
async function serveChild(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mountbench-bench-events-'));
  // The page is not what is measured: a one-line index.html keeps the bench free of `npm run build`.
  writeFileSync(join(dataDir, 'index.html'), '<!doctype html><title>bench</title>');
  const core = createCoreApi({ transport: 'websocket', dataDir, cacheDir: join(dataDir, 'cache') });
  // The server subscribes once; --flood feeds that same subscriber beside the core's own events.
  const subscribers = new Set<(event: JobEvent) => void>();
  const api: typeof core = {
    ...core,
    jobs: {
      ...core.jobs,
      onEvent(listener, options) {
        subscribers.add(listener);
        options.signal.addEventListener('abort', () => subscribers.delete(listener));
        core.jobs.onEvent(listener, options);
      },
    },
  };
  const server = await startServeServer({ api, rendererDir: dataDir });
  let flood: ReturnType<typeof setInterval> | null = null;
  const startFlood = (perSecond: number) => {
    let index = 0;
    const perTick = Math.max(1, Math.round(perSecond / 100));
    flood = setInterval(() => {
      for (let i = 0; i < perTick; i++, index++) {
        const event: RunEvent = {
          type: 'sample',
          runId: FLOOD_RUN_ID,
          backendId: 'flood',
          workloadId: 'small-file-read',
          workloadCase: null,
          index,
          warmup: false,
          seconds: 0.001,
          completedExecutions: index + 1,
        };
        emitted.flood = (emitted.flood ?? 0) + 1;
        subscribers.forEach((listener) => listener({ jobId: FLOOD_RUN_ID, kind: 'run', event }));
      }
    }, 10);
  };
  let emitted: Record<string, number> = {};
  core.jobs.onEvent(({ event }) => (emitted[event.type] = (emitted[event.type] ?? 0) + 1), {
    signal: new AbortController().signal,
  });
  let cpu = process.cpuUsage();
  let since = performance.now();
  const send = (message: FromServer) => process.send?.(message);
  process.on('message', (message: ToServer) => {
    if (message.type === 'mark') {
      emitted = {};
      cpu = process.cpuUsage();
      since = performance.now();
      if (message.flood > 0) startFlood(message.flood);
    }
    if (message.type === 'report' && flood !== null) {
      clearInterval(flood);
      flood = null;
    }
    if (message.type === 'mark' || message.type === 'report') {
      const used = process.cpuUsage(cpu);
      send({
        type: 'report',
        cpuUserUs: used.user,
        cpuSystemUs: used.system,
        wallMs: performance.now() - since,
        emitted,
      });
    } else {
      void server
        .close()
        .then(() => core.shutdown())
        .finally(() => {
          rmSync(dataDir, { recursive: true, force: true });
          process.exit(0);
        });
    }
  });
  send({ type: 'ready', origin: server.origin, token: server.token });
}

function startServer(): Promise<{ child: ChildProcess; origin: string; token: string }> {
  return new Promise((resolve, reject) => {
    const child = fork(__filename, [], {
      env: { ...process.env, [ROLE_ENV]: 'serve' },
      execArgv: process.execArgv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (message: FromServer) => {
      if (message.type === 'ready') resolve({ child, origin: message.origin, token: message.token });
    });
    child.once('exit', (code) =>
      reject(new MountbenchError('INTERNAL', `the serve process exited (${code})`)),
    );
  });
}

function ask(child: ChildProcess, message: ToServer): Promise<Extract<FromServer, { type: 'report' }>> {
  return new Promise((resolve) => {
    child.once('message', (answer: FromServer) => {
      if (answer.type === 'report') resolve(answer);
    });
    child.send(message);
  });
}

function client(origin: string, token: string): WsClient {
  return createWsClient({
    url: `${origin.replace(/^http/, 'ws')}${WS_PATH}?token=${token}`,
    token,
    openSocket(url, handlers) {
      const socket = new WebSocket(url, { origin, perMessageDeflate: false });
      socket.on('open', () => handlers.onOpen());
      socket.on('message', (data) => handlers.onMessage(data.toString()));
      socket.on('close', (code, reason) => handlers.onClose(code, reason.toString()));
      socket.on('error', () => undefined);
      return { send: (text) => socket.send(text), close: (code, reason) => socket.close(code, reason) };
    },
  });
}

/** The most events that arrived within any one second. */
function busiestSecond(times: number[]): number {
  let best = 0;
  let start = 0;
  for (let end = 0; end < times.length; end++) {
    while (times[end] - times[start] >= 1000) start++;
    best = Math.max(best, end - start + 1);
  }
  return best;
}

function count(events: RunEvent[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const event of events) counts[event.type] = (counts[event.type] ?? 0) + 1;
  return counts;
}

async function main(values: Values, signal: AbortSignal): Promise<void> {
  const size = choiceOption<SizeName>('--size', values.size, 'quick', SIZES);
  const runs = countOption('--runs', values.runs, 100, { min: 1, max: 1000 });
  const warmup = countOption('--warmup', values.warmup, 2, { min: 0, max: 100 });
  const clients = countOption('--clients', values.clients, 1, { min: 1, max: 50 });
  const floodRate = countOption('--flood', values.flood, 0, { min: 0, max: 1_000_000 });
  const image = values.image ?? benchImageFor(undefined);
  const engine = await resolveEngine(undefined);
  process.stdout.write(
    `${await benchHeader('bench/progress-events: run events through mountbench serve', {
      docker: engine.docker,
      endpoint: engine.engine.endpoint,
      image,
    })}\n` +
      `plan     small-file-read on tmpfs, size ${size}, ${warmup} warm-up + ${runs} timed runs; ` +
      `${clients} WebSocket client(s)` +
      (floodRate ? `; plus ${floodRate} synthetic sample events/s through the server's event path` : '') +
      '\n',
  );

  const server = await startServer();
  const pages = Array.from({ length: clients }, () => client(server.origin, server.token));
  try {
    const arrivals: { at: number; event: RunEvent }[][] = pages.map(() => []);
    const stop = new AbortController();
    let finish: (event: RunEvent) => void = () => undefined;
    const done = new Promise<RunEvent>((resolve) => (finish = resolve));
    pages.forEach((page, i) =>
      page.jobs.onEvent(
        (job) => {
          if (job.kind !== 'run') return;
          const event = job.event;
          arrivals[i].push({ at: performance.now(), event });
          if (i === 0 && event.type === 'run-done') finish(event);
        },
        { signal: stop.signal },
      ),
    );
    await Promise.all(pages.map((page) => page.jobs.active()));
    signal.addEventListener(
      'abort',
      () =>
        void pages[0].jobs
          .active()
          .then((jobs) => jobs.forEach((job) => void pages[0].jobs.cancel(job.jobId))),
    );

    process.stderr.write(`running (load ${loadLine()})…\n`);
    await ask(server.child, { type: 'mark', flood: floodRate });
    const started = performance.now();
    await pages[0].jobs.start({
      kind: 'run',
      request: { mounts: ['tmpfs'], workloads: ['small-file-read'], size, runs, warmup, image },
    });
    const last = await done;
    const wallMs = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 200));
    const report = await ask(server.child, { type: 'report' });
    stop.abort();
    if (last.type === 'run-done' && last.status !== 'completed') process.exitCode = 1;

    const seconds = wallMs / 1000;
    const emittedTotal = Object.entries(report.emitted)
      .filter(([type]) => type !== 'flood')
      .reduce((sum, [, n]) => sum + n, 0);
    const rows = arrivals.map((list, i) => {
      const real = list.filter((a) => a.event.runId !== FLOOD_RUN_ID);
      const got = count(real.map((a) => a.event));
      const flooded = list.length - real.length;
      const kept = Object.entries(report.emitted)
        .filter(([type]) => type !== 'flood' && coalesceKey({ type } as RunEvent) === null)
        .every(([type, n]) => got[type] === n);
      return [
        `client ${i + 1}`,
        String(list.length),
        (list.length / seconds).toFixed(1),
        String(busiestSecond(list.map((a) => a.at))),
        `${got.sample ?? 0} / ${report.emitted.sample ?? 0}`,
        floodRate ? `${flooded} / ${report.emitted.flood ?? 0}` : '-',
        kept ? 'all' : 'MISSING',
      ];
    });
    const cpuMs = (report.cpuUserUs + report.cpuSystemUs) / 1000;
    process.stdout.write(
      `\nrun      ${last.type === 'run-done' ? last.status : '?'} in ${seconds.toFixed(1)} s; ` +
        `the core emitted ${emittedTotal} events (${(emittedTotal / seconds).toFixed(1)}/s), ` +
        `${report.emitted.sample ?? 0} of them samples\n\n` +
        textTable(
          [
            'client',
            'events',
            'events/s',
            'busiest second',
            'run samples seen / emitted',
            'flood seen / pushed',
            'planned…run-done kept',
          ],
          rows,
        ) +
        `\n\nserve process CPU over the run: ${cpuMs.toFixed(0)} ms in ${(report.wallMs / 1000).toFixed(1)} s ` +
        `= ${((cpuMs / report.wallMs) * 100).toFixed(1)} % of one core ` +
        `(user ${(report.cpuUserUs / 1000).toFixed(0)} ms, system ${(report.cpuSystemUs / 1000).toFixed(0)} ms); ` +
        `it drives the run too (Docker API calls, exec streams), not only the WebSocket.\n` +
        `load at the end: ${loadLine()} (1, 5, 15 min)\n`,
    );
  } finally {
    pages.forEach((page) => page.close());
    server.child.send({ type: 'stop' } satisfies ToServer);
  }
}

if (process.env[ROLE_ENV] === 'serve') {
  void serveChild();
} else {
  runBench<Values>({ usage: USAGE, options: OPTIONS, main });
}
