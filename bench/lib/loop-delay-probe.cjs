// Loaded into `mountbench serve` by bench/serve-load.ts (`node --require`), to see from inside the
// process what a probe outside can only guess: how long serve's event loop was held, and when.
// perf_hooks' histogram gives the delay's distribution; a 10 ms timer notes every stall past
// 50 ms with its time, so the CPU profile can be read at those moments. At exit it writes one JSON
// file named by MOUNTBENCH_LOOP_PROBE_FILE and, when MOUNTBENCH_CPU_PROFILE_FILE names one, a CPU
// profile (node refuses --cpu-prof in NODE_OPTIONS, so the inspector's profiler is started here).
// Plain CommonJS: it runs before tsx.
'use strict';

const { writeFileSync } = require('node:fs');
const { constants, monitorEventLoopDelay, performance, PerformanceObserver } = require('node:perf_hooks');
const { isMainThread } = require('node:worker_threads');
const { setInterval } = require('node:timers');

const file = process.env.MOUNTBENCH_LOOP_PROBE_FILE;
const profileFile = process.env.MOUNTBENCH_CPU_PROFILE_FILE;

if (profileFile && isMainThread) {
  const { Session } = require('node:inspector');
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.start');
  // A session on this thread answers synchronously, so the profile is written before exit ends.
  process.on('exit', () => {
    session.post('Profiler.stop', (err, answer) => {
      if (!err) writeFileSync(profileFile, JSON.stringify(answer.profile));
    });
  });
}

if (file && isMainThread) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const TICK_MS = 10;
  const STALL_MS = 50;
  /** At most this many stalls are kept: the file stays small whatever the load. */
  const MAX_STALLS = 10_000;
  const stalls = [];
  // The main thread's V8 heap at its largest (sampled each tick): what each major collection walks.
  const { getHeapStatistics } = require('node:v8');
  let heapMaxBytes = 0;
  // How long the main thread actually ran (Linux: /proc/.../schedstat, nanoseconds on a CPU; the
  // main thread's id is the process id). On a busy machine a stall is partly waiting for a core:
  // its ran time is serve's own work in it (the main thread's share of GC included), and the
  // longest ran time between two ticks bounds serve's longest task whatever the load (a task
  // cannot straddle a tick: the timer waits for it).
  const { readFileSync } = require('node:fs');
  const schedstat = `/proc/self/task/${process.pid}/schedstat`;
  const ranNs = () => {
    try {
      return Number(readFileSync(schedstat, 'utf8').split(' ')[0]);
    } catch {
      return NaN;
    }
  };
  let lastRan = ranNs();
  /** Ticks between which the main thread ran 20 ms or more, with their time (start-up is one). */
  const LONG_RUN_MS = 20;
  const longRuns = [];
  let last = performance.now();
  let lastUs = process.hrtime.bigint() / 1000n;
  const timer = setInterval(() => {
    const now = performance.now();
    const nowUs = process.hrtime.bigint() / 1000n;
    const late = now - last - TICK_MS;
    const ranNow = ranNs();
    const ranMs = (ranNow - lastRan) / 1e6;
    lastRan = ranNow;
    if (ranMs >= LONG_RUN_MS && longRuns.length < MAX_STALLS)
      longRuns.push({ atMs: Math.round(last + performance.timeOrigin), ranMs: Math.round(ranMs) });
    heapMaxBytes = Math.max(heapMaxBytes, getHeapStatistics().used_heap_size);
    // monoUs is the monotonic clock a CPU profile's timestamps count in.
    if (late >= STALL_MS && stalls.length < MAX_STALLS)
      stalls.push({
        atMs: Math.round(last + performance.timeOrigin),
        heldMs: Math.round(late),
        ranMs: Number.isNaN(ranMs) ? null : Math.round(ranMs),
        monoUs: [Number(lastUs), Number(nowUs)],
      });
    last = now;
    lastUs = nowUs;
  }, TICK_MS);
  timer.unref();
  // Garbage collection pauses the loop too: each kind's count, total and longest pause.
  const GC_KINDS = {
    [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
    [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
    [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
    [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
  };
  const gc = {};
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = GC_KINDS[entry.detail?.kind] ?? 'other';
      const seen = (gc[kind] ??= { count: 0, totalMs: 0, maxMs: 0 });
      seen.count += 1;
      seen.totalMs += entry.duration;
      seen.maxMs = Math.max(seen.maxMs, entry.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  process.on('exit', () => {
    histogram.disable();
    const ms = (ns) => ns / 1e6;
    writeFileSync(
      file,
      JSON.stringify({
        count: histogram.count,
        meanMs: ms(histogram.mean),
        p50Ms: ms(histogram.percentile(50)),
        p95Ms: ms(histogram.percentile(95)),
        p99Ms: ms(histogram.percentile(99)),
        maxMs: ms(histogram.max),
        stalls,
        gc,
        heapMaxMb: heapMaxBytes / 1024 / 1024,
        longRuns,
      }),
    );
  });
}
