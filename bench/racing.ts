// Interleaved rounds and racing, measured (issue 12): time to the answer against a fixed count,
// false calls between identical backends (A/A) and between host and native bind, calls between
// native and FUSE (A/B), drift under a disturbance started halfway (a CPU hog, a half-speed
// throttle; interleaved against sequential, each side's mean shown) and repeatability of Quick
// runs. Every figure comes from executeRun exactly as a user's run.
//
// \`quick5\` times the dashboard's Quick preset on five backends against 10 fixed runs of the same
// plan (issue 22, item 4). \`setup\` is "Benchmark my setup" as the dashboard starts it on this
// engine (its default backends and workloads, Quick) and says how each role's answer ended.
// \`--hogs\` runs the parts under a steady load of busy loops; \`--size default\` races the A/A
// twins at Standard size.
//
//   npx tsx bench/racing.ts --part answer,quick5,ab,aa,drift,repeat,setup [--trials 40] [--aa-cap 20]
//     [--reps 3] [--size quick|default] [--hogs 6] [--keep <dir>]
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpus, loadavg } from 'node:os';
import type { Backend, RunFile } from '../src/shared/result-schema';
import type { RunRequest } from '../src/shared/run-plan';
import { DEFAULT_WORKLOAD_IDS, SIZES, type SizeName } from '../src/shared/ids';
import { MountbenchError } from '../src/shared/errors';
import type { RoleAnswer } from '../src/shared/recommendation';
import { futileRaces, undecidedRaceWorkloads } from '../src/shared/race-undecided';
import { roleAnswerLine } from '../src/shared/verdict-words';
import { formatRatioInterval } from '../src/shared/format-ratio';
import { APP_VERSION } from '../src/core/app-version';
import { rowsFromRun } from '../src/core/compare';
import { getMachineInfo } from '../src/core/machine';
import { profileByName, recommend } from '../src/core/recommend';
import { prepareRun } from '../src/core/runner/prepare-run';
import { executeRun, runParts } from '../src/core/runner/run';
import { mean, median } from '../src/core/stats';
import { DEFAULT_RACE_POLICY } from '../src/core/stats/race';
import { ratioInterval } from '../src/core/stats/ratio-interval';
import { cacheDir, loadRunFile } from '../src/core/store';
import { benchHeader, loadLine } from './lib/bench-header';
import { busyLoops, type BusyLoops } from './lib/busy-loops';
import { countOption, listOption, runBench, type BenchOptions } from './lib/bench-main';
import { halfSpeedThrottle } from './lib/half-speed-throttle';
import { PhaseClock } from './lib/phase-clock';
import { settleDisk } from './lib/settle-disk';

const PARTS = ['answer', 'quick5', 'ab', 'aa', 'drift', 'repeat', 'setup'] as const;
type Part = (typeof PARTS)[number];

const USAGE = `Usage: npx tsx bench/racing.ts [options]

  --part <list>     ${PARTS.join(', ')} (default all, in that order)
  --trials <n>      A/A trials (default 40); A/B trials are a quarter of it (at least 5)
  --aa-cap <n>      the racing cap for A/A trials (default 20: the rule holds at any cap)
  --reps <n>        repetitions of the time-to-answer arms (answer, quick5) and of setup (default 3)
  --size <name>     the A/A twins' size: quick or default (Standard) (default quick)
  --hogs <n>        busy loops running for the whole bench: a steady load (default none)
  --keep <dir>      keep setup's result files there (setup-<n>.json)
  --from <dir>      setup measures nothing: reads the files --keep kept there with this build's rules
  --image <ref>     bench image (default MOUNTBENCH_IMAGE or the pinned BusyBox)`;

const OPTIONS: BenchOptions = {
  part: { type: 'string' },
  trials: { type: 'string' },
  'aa-cap': { type: 'string' },
  reps: { type: 'string' },
  size: { type: 'string' },
  hogs: { type: 'string' },
  keep: { type: 'string' },
  from: { type: 'string' },
  image: { type: 'string' },
};

interface Values {
  part?: string;
  trials?: string;
  'aa-cap'?: string;
  reps?: string;
  size?: string;
  hogs?: string;
  keep?: string;
  from?: string;
  image?: string;
}

const BASE = { warmup: 1 };
/** The racing minimum of "Benchmark my setup" and the CLI: the A/A, A/B and repeat runs use it. */
const MIN_SAMPLES = DEFAULT_RACE_POLICY.minSamples;
const BALANCED = profileByName('balanced');

/**
 * One run through executeRun, timed to its answer (beforeDone: the run is reported before its
 * clean-up, which ends later) and split by phase from the same clock, so the parts before the
 * answer add up to that time and the clean-up after it is a part of its own.
 */
async function run(
  request: RunRequest,
  signal: AbortSignal,
  backends?: (prepared: Backend[]) => Backend[],
): Promise<{ run: RunFile; seconds: number; phases: PhaseClock }> {
  const prepared = await prepareRun(request);
  const phases = new PhaseClock();
  const result = await executeRun(
    ...runParts({
      ...prepared,
      backends: backends ? backends(prepared.backends) : prepared.backends,
      machine: await getMachineInfo(),
      appVersion: APP_VERSION,
      allowHostCommands: false,
      cacheDir: cacheDir(),
      signal,
      onEvent: (event) => phases.handle(event),
      beforeDone: async () => phases.answered(),
    }),
  );
  if (result.errors.length) throw new Error(`run failed: ${result.errors.map((e) => e.message).join('; ')}`);
  return { run: result, seconds: phases.answerSeconds(), phases };
}

function answer(run: RunFile): string {
  const rec = recommend(rowsFromRun(run), BALANCED);
  return `${rec.verdict}: ${rec.choice?.label ?? 'none'}`;
}

/** Did the race call these two backends different on any workload? */
function calledDifferent(run: RunFile, a: string, b: string): boolean {
  return (run.race?.workloads ?? []).some((w) =>
    w.comparisons.some((c) => c.decided && [c.a, c.b].includes(a) && [c.a, c.b].includes(b)),
  );
}

function samplesOf(run: RunFile, backendId: string, workload: string): number[] {
  return (
    run.results.find((r) => r.backend.id === backendId && r.workload.id === workload)?.stats.samples ?? []
  );
}

/** native vs FUSE bind on small-file-read at the quick size: the A/B and drift runs. */
function nativeVsFuse(image: string | undefined, counts: Pick<RunRequest, 'runs' | 'race'>): RunRequest {
  return {
    ...BASE,
    ...(image ? { image } : {}),
    variants: ['native', 'fuse'],
    mounts: ['bind'],
    workloads: ['small-file-read'],
    size: 'quick',
    ...counts,
  };
}

const NATIVE = 'docker-engine/native/bind';
const FUSE = 'docker-engine/fuse/bind';
const log = (text: string) => process.stderr.write(`${text} (load ${loadLine()})\n`);
const out = (text: string) => process.stdout.write(`${text}\n`);

interface AnswerPlan {
  title: string;
  arms: { name: string; request: RunRequest }[];
}

/** native vs FUSE bind at the published sizes: fixed 10, racing from 3, racing from 5. */
function nativeVsFusePlan(image: string | undefined): AnswerPlan {
  const request = {
    ...BASE,
    ...(image ? { image } : {}),
    variants: ['native', 'fuse'],
    mounts: ['bind'],
    workloads: ['small-file-read', 'dd-write', 'metadata-walk'],
    size: 'default',
  } satisfies Omit<RunRequest, 'runs'>;
  // Racing from 3 samples is the default; the third arm, from 5 (the default until 1 Dec 2026),
  // shows what a higher minimum costs.
  return {
    title: 'native vs FUSE bind, small-file-read,dd-write,metadata-walk, default size',
    arms: [
      { name: '10 fixed runs', request: { ...request, runs: 10 } },
      { name: 'racing, min 3', request: { ...request, runs: 3, race: true } },
      { name: 'racing, min 5', request: { ...request, runs: 5, race: true } },
    ],
  };
}

/**
 * The dashboard's Quick preset on five backends (native and FUSE bind, volume, tmpfs, layer):
 * quick size, 1 warm-up, racing from 3 to a cap of 20, against 10 fixed runs of the same plan.
 */
function quickFivePlan(image: string | undefined): AnswerPlan {
  const request = {
    ...BASE,
    ...(image ? { image } : {}),
    variants: ['native', 'fuse'],
    mounts: ['bind', 'volume', 'tmpfs', 'layer'],
    workloads: ['small-file-read', 'dd-write', 'metadata-walk'],
    size: 'quick',
  } satisfies Omit<RunRequest, 'runs'>;
  return {
    title:
      'Quick plan on five backends (native+FUSE bind, volume, tmpfs, layer), small-file-read,dd-write,metadata-walk, quick size',
    arms: [
      { name: '10 fixed runs', request: { ...request, runs: 10 } },
      { name: 'Quick (3..20)', request: { ...request, runs: 3, race: true, maxRuns: 20 } },
    ],
  };
}

/**
 * The arms run in rotating order over `reps` repetitions (A B C, B C A, C A B, …), as the runner's
 * own rounds do: on a shared machine the disk and CPU drift by 2× within minutes, and arms run one
 * after another would charge that drift to whichever came later. Each arm's figure is the median;
 * the 1-minute load at each arm's end is printed beside it, since a loaded machine moves every wall.
 */
async function timeToAnswer(plan: AnswerPlan, reps: number, signal: AbortSignal): Promise<void> {
  const { arms } = plan;
  const measured = arms.map(
    () => [] as { run: RunFile; seconds: number; phases: PhaseClock; load: number }[],
  );
  for (let rep = 0; rep < reps; rep++) {
    for (let k = 0; k < arms.length; k++) {
      const i = (rep + k) % arms.length;
      log(
        `answer: repetition ${rep + 1}, ${arms[i].name}, after sync took ${(await settleDisk()).toFixed(1)} s`,
      );
      const done = await run(arms[i].request, signal);
      measured[i].push({ ...done, load: loadavg()[0] });
      log(`answer: ${arms[i].name}: ${done.seconds.toFixed(1)} s, ${answer(done.run)}`);
    }
  }
  // Before the answer: fixtures, calibration, sampling, and the rest (setup: image check, run
  // folder; the containers' start), which add up to the wall; then the clean-up after the answer,
  // which the user no longer waits for and the wall leaves out.
  const parts = (p: PhaseClock) => {
    const fixture = p.partSeconds('fixture');
    const calibrate = p.partSeconds('calibrate');
    const sampling = p.partSeconds('warmup') + p.partSeconds('timed');
    const rest = p.beforeAnswerSeconds() - fixture - calibrate - sampling;
    return [fixture, calibrate, sampling, rest, p.afterAnswerSeconds()];
  };
  const fixedWall = median(measured[0].map((m) => m.seconds));
  out(`\n## Time to the answer (${plan.title}; median of ${reps}, arms rotated)`);
  out(
    'arm             wall     share  fixture  calibrate  warm-up+timed  setup+containers  after the answer  walls (s)                 loads (1 min)       answers',
  );
  const widths = [7, 9, 13, 16, 16];
  arms.forEach((arm, i) => {
    const runs = measured[i];
    const wall = median(runs.map((m) => m.seconds));
    const cells = widths.map((width, c) =>
      `${median(runs.map((m) => parts(m.phases)[c])).toFixed(1)} s`.padStart(width),
    );
    const answers = [...new Set(runs.map((m) => answer(m.run)))].join(' | ');
    out(
      `${arm.name.padEnd(14)}  ${wall.toFixed(1).padStart(6)} s  ${((wall / fixedWall) * 100)
        .toFixed(0)
        .padStart(3)} %  ${cells.join('  ')}  ${runs
        .map((m) => m.seconds.toFixed(0))
        .join(', ')
        .padEnd(24)}  ${runs
        .map((m) => m.load.toFixed(1))
        .join(', ')
        .padEnd(18)}  ${answers}`,
    );
  });
  // Per repetition, each racing arm against the fixed arm of the same repetition.
  for (let i = 1; i < arms.length; i++)
    out(
      `${arms[i].name}: share of the same repetition's fixed arm: ` +
        measured[i]
          .map((m, rep) => `${((m.seconds / measured[0][rep].seconds) * 100).toFixed(0)} %`)
          .join(', ') +
        `; same answer as the fixed arm: ${measured[i]
          .map((m, rep) => (answer(m.run) === answer(measured[0][rep].run) ? 'yes' : 'no'))
          .join(', ')}`,
    );
  for (let i = 1; i < arms.length; i++)
    for (const [rep, m] of measured[i].entries())
      for (const w of m.run.race?.workloads ?? [])
        out(
          `  ${arms[i].name}, repetition ${rep + 1}, ${w.workloadKey}${w.role ? ` (${w.role})` : ''}: ${w.outcome} after ${w.rounds} rounds`,
        );
}

async function abTrials(trials: number, image: string | undefined, signal: AbortSignal): Promise<void> {
  let different = 0;
  for (let i = 0; i < trials; i++) {
    const { run: r } = await run(nativeVsFuse(image, { runs: MIN_SAMPLES, race: true }), signal);
    if (calledDifferent(r, NATIVE, FUSE)) different += 1;
    log(`ab: trial ${i + 1}: ${calledDifferent(r, NATIVE, FUSE) ? 'different' : 'not called'}`);
  }
  out(`\n## A/B: native vs FUSE bind, small-file-read quick, racing from ${MIN_SAMPLES}`);
  out(`called different in ${different} of ${trials} trials`);
}

async function aaTrials(
  trials: number,
  cap: number,
  size: SizeName,
  image: string | undefined,
  signal: AbortSignal,
) {
  let different = 0;
  let selfCheckFailed = 0;
  let selfCheckTooWide = 0;
  // How the twins' race ended: equivalent (tied) and futile are answers; cap is none.
  const ended = new Map<string, number>();
  const rounds: number[] = [];
  const twin: Backend = {
    id: `${NATIVE}#twin`,
    provider: 'docker-engine',
    variant: 'native',
    mount: 'bind',
    label: 'bind mount · native (twin)',
  };
  for (let i = 0; i < trials; i++) {
    const { run: r } = await run(
      {
        ...BASE,
        ...(image ? { image } : {}),
        variants: ['native'],
        mounts: ['bind', 'host'],
        workloads: ['small-file-read'],
        size,
        runs: MIN_SAMPLES,
        maxRuns: cap,
        race: true,
      },
      signal,
      (backends) => [backends[0], twin, ...backends.slice(1)],
    );
    const aa = calledDifferent(r, NATIVE, twin.id);
    const host = r.results.find((x) => x.backend.mount === 'host');
    // The self-check fails only where the host and the bind mount differ; an interval too wide to
    // tell is its own outcome (the product words it "not decided"), counted apart.
    const check = host?.baselineCheck?.outcome ?? 'none';
    const failed = check === 'differs';
    if (aa) different += 1;
    if (failed) selfCheckFailed += 1;
    if (check === 'too-wide') selfCheckTooWide += 1;
    const twinsRace = r.race?.workloads.find((w) => w.role === 'source-tree');
    const outcome = twinsRace?.outcome ?? 'none';
    ended.set(outcome, (ended.get(outcome) ?? 0) + 1);
    if (twinsRace) rounds.push(twinsRace.rounds);
    log(
      `aa: trial ${i + 1}: twins ${aa ? 'CALLED DIFFERENT' : 'not called'}; host self-check ${failed ? 'FAILED' : check}` +
        (host?.baselineCheck ? ` (host / bind ${formatRatioInterval(host.baselineCheck)})` : ''),
    );
  }
  out(
    `\n## A/A: two identical native bind mounts (+ host), small-file-read ${size === 'quick' ? 'quick' : 'Standard'}, racing from ${MIN_SAMPLES}, cap ${cap}`,
  );
  out(
    `identical backends called different in ${different} of ${trials} trials (${((different / trials) * 100).toFixed(1)} %)`,
  );
  out(
    `the twins' race ended: ${[...ended].map(([o, n]) => `${o === 'tied' ? 'equivalent' : o} ${n}`).join(', ')}` +
      (rounds.length ? `; rounds median ${median(rounds)}, most ${Math.max(...rounds)}` : ''),
  );
  out(
    `host vs native bind self-check failed in ${selfCheckFailed} of ${trials} trials (${((selfCheckFailed / trials) * 100).toFixed(1)} %); ` +
      `too wide to tell in ${selfCheckTooWide}`,
  );
}

/** Busy loops on every core for `seconds`, started after `after` seconds: bounded either way. */
function cpuHog(after: number, seconds: number): { stop(): void } {
  let loops: BusyLoops | null = null;
  const timer = setTimeout(() => {
    log(`drift: CPU hog starts for ${seconds.toFixed(0)} s`);
    loops = busyLoops(cpus().length, seconds);
  }, after * 1000);
  return {
    stop() {
      clearTimeout(timer);
      (loops as BusyLoops | null)?.stop();
    },
  };
}

/** A disturbance from halfway through a run, bounded in time; stop() ends it and undoes it. */
type Disturbance = (after: number, seconds: number) => { stop(): void };

const DISTURBANCES: { name: string; start: Disturbance }[] = [
  // The issue's disturbance. On this virtual machine it slows native more than FUSE.
  { name: 'CPU hog on every core', start: cpuHog },
  // Meant to slow everything in the containers alike, as a throttled CPU would; measured, it slows
  // FUSE more than native (see lib/half-speed-throttle).
  { name: 'half-speed throttle', start: (after, seconds) => halfSpeedThrottle(after, seconds, log) },
];

async function drift(image: string | undefined, signal: AbortSignal): Promise<void> {
  const request = nativeVsFuse(image, { runs: 20 });
  const ratio = (r: RunFile) =>
    ratioInterval(samplesOf(r, FUSE, 'small-file-read'), samplesOf(r, NATIVE, 'small-file-read'))!;
  // Each side's mean, to see which one a disturbance slowed.
  const ms = (xs: number[]) => `${(mean(xs) * 1000).toFixed(0)} ms`;
  const means = (r: RunFile) =>
    `native ${ms(samplesOf(r, NATIVE, 'small-file-read'))}, FUSE ${ms(samplesOf(r, FUSE, 'small-file-read'))}`;
  log('drift: quiet interleaved run');
  const quiet = await run(request, signal);
  const q = ratio(quiet.run);
  const rows: string[] = [
    `quiet, interleaved                            FUSE / native = ${formatRatioInterval(q)}  (${quiet.seconds.toFixed(0)} s; ${means(quiet.run)})`,
  ];
  for (const disturbance of DISTURBANCES)
    for (const order of ['interleaved', 'sequential'] as const) {
      log(`drift: ${order} run with a ${disturbance.name} from halfway`);
      const started = disturbance.start(quiet.seconds / 2, quiet.seconds);
      try {
        const loaded = await run({ ...request, order }, signal);
        const r = ratio(loaded.run);
        const inside = r.ratio >= q.low && r.ratio <= q.high;
        rows.push(
          `${`${disturbance.name} halfway, ${order}`.padEnd(44)}  FUSE / native = ${formatRatioInterval(r)}  ` +
            `(${loaded.seconds.toFixed(0)} s; ${means(loaded.run)}; ${inside ? 'within' : 'OUTSIDE'} the quiet interval)`,
        );
      } finally {
        started.stop();
      }
    }
  out('\n## Drift: native vs FUSE bind, small-file-read quick, 20 fixed runs, a disturbance from halfway');
  rows.forEach(out);
}

async function repeatability(image: string | undefined, signal: AbortSignal): Promise<void> {
  const answers: string[] = [];
  for (let i = 0; i < 5; i++) {
    const { run: r, seconds } = await run(
      {
        ...BASE,
        ...(image ? { image } : {}),
        mounts: ['bind', 'volume', 'tmpfs', 'host'],
        workloads: ['small-file-read', 'dd-write', 'metadata-walk'],
        size: 'quick',
        runs: MIN_SAMPLES,
        race: true,
      },
      signal,
    );
    const rec = recommend(rowsFromRun(r), BALANCED);
    const text = (rec.roles ?? [])
      .map((a) => `${a.role}: ${a.verdict === 'not-decided' ? 'not decided yet' : a.choice?.label}`)
      .join('; ');
    answers.push(text);
    log(`repeat: run ${i + 1}: ${text}`);
    out(`run ${i + 1} (${seconds.toFixed(0)} s): ${text}`);
  }
  out(
    `\n## Repeatability: five Quick racing runs from ${MIN_SAMPLES} (bind, volume, tmpfs, host), balanced profile`,
  );
  out(
    `${new Set(answers).size === 1 ? 'all five give the same answer' : `${new Set(answers).size} different answers`}`,
  );
}

/** A result file --keep wrote, read as any result file is (loadRunFile: bounded, validated). */
async function readKept(file: string): Promise<{ run: RunFile; seconds: number }> {
  const parsed = await loadRunFile(file, { noFollow: true });
  const seconds = (Date.parse(parsed.finishedAt ?? parsed.createdAt) - Date.parse(parsed.createdAt)) / 1000;
  return { run: parsed, seconds };
}

/** How one role's answer ended, in the verdict strip's words: an answer, or "not decided". */
function roleEnding(r: RunFile, answer: RoleAnswer): string {
  // A race stopped at its cap or budget holds its role's answer back, as on the strip.
  if (undecidedRaceWorkloads(r, answer.role).length > 0) return 'not decided (race open)';
  switch (answer.verdict) {
    case 'winner':
      return 'fastest, measurably';
    case 'only-option':
      return 'only option';
    case 'no-measurable-difference':
      return answer.drift || answer.resolution ? 'no measurable difference' : 'equivalent';
    case 'not-decided':
      // A futile race is an answer in words ("cannot tell them apart at Quick size").
      return futileRaces(r, answer.role).length > 0 ? 'cannot tell apart (futile)' : 'not decided';
    default:
      return answer.verdict;
  }
}

/**
 * "Benchmark my setup" as the dashboard starts it on this engine: its default backends (bind,
 * volume, tmpfs, layer and the host) and workloads, the Quick preset (racing from 3 to 20). Each
 * repetition says how each role's answer ended, and which races ended how.
 */
async function setupTrials(
  reps: number,
  image: string | undefined,
  keep: string | undefined,
  from: string | undefined,
  signal: AbortSignal,
): Promise<void> {
  const request: RunRequest = {
    ...BASE,
    ...(image ? { image } : {}),
    mounts: ['bind', 'volume', 'tmpfs', 'layer', 'host'],
    workloads: [...DEFAULT_WORKLOAD_IDS],
    size: 'quick',
    runs: MIN_SAMPLES,
    maxRuns: 20,
    race: true,
  };
  const endings = new Map<string, Map<string, number>>();
  const lines: string[] = [];
  for (let rep = 0; rep < reps; rep++) {
    // --from: the runs --keep kept, read again with this build's rules (their seconds not kept).
    const { run: r, seconds } = from
      ? await readKept(join(from, `setup-${rep + 1}.json`))
      : await run(request, signal);
    if (keep) writeFileSync(join(keep, `setup-${rep + 1}.json`), `${JSON.stringify(r, null, 2)}\n`);
    const rec = recommend(rowsFromRun(r), BALANCED);
    const words = (rec.roles ?? []).map((a) => {
      const ending = roleEnding(r, a);
      const tally = endings.get(a.role) ?? new Map<string, number>();
      tally.set(ending, (tally.get(ending) ?? 0) + 1);
      endings.set(a.role, tally);
      return `${roleAnswerLine(a, undecidedRaceWorkloads(r, a.role).length > 0)} [${ending}]`;
    });
    const races = (r.race?.workloads ?? [])
      .map((w) => `${w.workloadKey}${w.role ? ` (${w.role})` : ''} ${w.outcome} at ${w.rounds}`)
      .join(', ');
    log(`setup: repetition ${rep + 1}: ${seconds.toFixed(0)} s; ${words.join('; ')}`);
    lines.push(
      `repetition ${rep + 1} (${seconds.toFixed(0)} s, load ${loadavg()[0].toFixed(1)}): ${words.join('; ')}`,
    );
    lines.push(`  races: ${races}`);
  }
  out(`\n## Benchmark my setup, Quick, on this engine (${request.mounts.join(', ')}; default workloads)`);
  lines.forEach((l) => out(l));
  for (const [role, tally] of endings)
    out(`${role}: ${[...tally].map(([ending, n]) => `${ending} ${n}`).join(', ')} of ${reps}`);
}

runBench<Values>({
  usage: USAGE,
  options: OPTIONS,
  async main(values, signal) {
    const parts = listOption('--part', values.part, [...PARTS], PARTS);
    const trials = countOption('--trials', values.trials, 40, { min: 1, max: 1000 });
    const cap = countOption('--aa-cap', values['aa-cap'], 20, { min: 5, max: 1000 });
    const reps = countOption('--reps', values.reps, 3, { min: 1, max: 20 });
    const size = listOption<SizeName>('--size', values.size, ['quick'], SIZES);
    if (size.length !== 1) throw new MountbenchError('BAD_INPUT', '--size takes one size: quick or default');
    const hogs = values.hogs === undefined ? 0 : countOption('--hogs', values.hogs, 0, { min: 1, max: 64 });
    const image = values.image;
    const probe = await prepareRun({
      mounts: ['bind'],
      workloads: ['small-file-read'],
      size: 'quick',
      runs: 1,
      warmup: 0,
      ...(image ? { image } : {}),
    });
    out(
      await benchHeader(
        'bench/racing: interleaved rounds and racing',
        probe.docker && probe.engine
          ? { docker: probe.docker, endpoint: probe.engine.endpoint, image: probe.image }
          : null,
      ),
    );
    const jobs: Record<Part, () => Promise<void>> = {
      answer: () => timeToAnswer(nativeVsFusePlan(image), reps, signal),
      quick5: () => timeToAnswer(quickFivePlan(image), reps, signal),
      ab: () => abTrials(Math.max(5, Math.round(trials / 4)), image, signal),
      aa: () => aaTrials(trials, cap, size[0], image, signal),
      drift: () => drift(image, signal),
      repeat: () => repeatability(image, signal),
      setup: () => setupTrials(reps, image, values.keep, values.from, signal),
    };
    // A steady load for the whole bench: the load average is printed beside every figure.
    const load = hogs ? busyLoops(hogs, 6 * 3600) : null;
    if (hogs) out(`steady load: ${hogs} busy loops for the whole bench`);
    try {
      for (const part of parts) await jobs[part]();
    } finally {
      load?.stop();
    }
  },
});
