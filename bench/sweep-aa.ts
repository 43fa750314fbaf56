// A/A sweeps across restarts: two settings that are the same share, measured one after another
// behind a restart of the Docker Desktop STAND-IN (test/stand-ins), as a user's sweep measures
// them, and what the answer says of them. On Apple silicon, VZ + gRPC FUSE and QEMU + gRPC FUSE
// are the same bindfs share in the stand-in (the same FUSE subtype, the same options): any
// difference the answer claims between them is drift or noise. Each trial is one
// `mountbench sweep --race` of the built CLI, bracketed (the default, A B B A) or `--single-pass`,
// on a quiet machine, under a steady load (busy loops for the whole sweep) or a rising one (busy
// loops from the end of the first setting's measuring: the drift of a laptop that starts other
// work mid-sweep). Each run is also read without its guards (its first pass only, no control), as
// a sweep was read before them. The `ab` pair is the Intel Mac's gRPC FUSE against osxfs (FUSE caches off in
// the stand-in): settings that really differ, which the bracket must still decide.
//
//   MOUNTBENCH_IMAGE=mountbench/bench:offline npx tsx bench/sweep-aa.ts \
//     [--arms bracket,single] [--loads quiet,steady,rising] [--pairs aa,ab] [--trials 5] [--hogs 8]
//     [--workloads metadata-walk]
import { copyFileSync, existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import Docker from 'dockerode';
import { rowsFromRun } from '../src/core/compare';
import { profileByName, recommend } from '../src/core/recommend';
import { benchImageFor } from '../src/core/runner/image';
import { WORKLOAD_IDS } from '../src/shared/ids';
import type { RunFile } from '../src/shared/result-schema';
import { loadRunFile } from '../src/core/store';
import { createStandinSandbox, type DockerDesktopFixture } from '../test/stand-ins/sandbox';
import { mountbenchChild } from '../test/support/mountbench-cli';
import { benchHeader } from './lib/bench-header';
import { busyLoops } from './lib/busy-loops';
import { countOption, listOption, runBench, type BenchOptions } from './lib/bench-main';
import { textTable } from './lib/text-table';

const ARMS = ['bracket', 'single'] as const;
const LOADS = ['quiet', 'steady', 'rising'] as const;
const PAIRS = ['aa', 'ab'] as const;
type Arm = (typeof ARMS)[number];
type Load = (typeof LOADS)[number];
type Pair = (typeof PAIRS)[number];

const USAGE = `Usage: npx tsx bench/sweep-aa.ts [options]

  --arms <list>    ${ARMS.join(', ')} (default both)
  --loads <list>   ${LOADS.join(', ')} (default quiet, steady)
  --pairs <list>   aa (two settings that are one share), ab (two that differ) (default aa)
  --trials <n>     sweeps per arm, load and pair (default 5)
  --hogs <n>       busy loops of the steady and rising loads (default 8)
  --workloads <l>  the workloads each sweep measures (default metadata-walk)
  --keep <dir>     keep each trial's result file there (pair-load-arm-trial.json)
  --from <dir>     measure nothing: read the files --keep kept there with this build's rules`;

const OPTIONS: BenchOptions = {
  arms: { type: 'string' },
  loads: { type: 'string' },
  pairs: { type: 'string' },
  trials: { type: 'string' },
  hogs: { type: 'string' },
  workloads: { type: 'string' },
  keep: { type: 'string' },
  from: { type: 'string' },
};

interface Values {
  arms?: string;
  loads?: string;
  pairs?: string;
  trials?: string;
  hogs?: string;
  workloads?: string;
  keep?: string;
  from?: string;
}

/** Per pair: the stand-in's settings file, the Mac it plays, and the two settings swept. */
const PAIR_SETUP: Record<Pair, { file: DockerDesktopFixture; host: string; variants: string }> = {
  // Docker Desktop 4.43: the last with QEMU + gRPC FUSE (docs/product-facts.md).
  aa: {
    file: 'settings-store-json-4.35',
    host: 'darwin arm64 14.5',
    variants: 'vz-grpcfuse,qemu-grpcfuse',
  },
  ab: {
    file: 'settings-store-json-v46-grpcfuse',
    host: 'darwin x64 14.5',
    variants: 'vz-grpcfuse,hyperkit-osxfs',
  },
};

interface Trial {
  verdict: string;
  /** The same run read without its guards (first pass only, no control): what a sweep said before. */
  unguarded: string;
  choice: string;
  drift: number | null;
  seconds: number;
  loads: number[];
}

const log = (line: string) => process.stderr.write(`${line}\n`);

async function trial(
  pair: Pair,
  arm: Arm,
  load: Load,
  hogCount: number,
  image: string,
  workloads: string,
  keepAs: string | null,
): Promise<Trial> {
  const setup = PAIR_SETUP[pair];
  const sb = createStandinSandbox({
    dockerDesktop: setup.file,
    dockerDesktopShare: true,
    env: { MOUNTBENCH_IMAGE: image, MOUNTBENCH_HOST: setup.host },
  });
  const loads: number[] = [loadavg()[0]];
  let hog: { stop(): void } | null = null;
  try {
    if ((await sb.run('docker', ['desktop', 'start'])).code !== 0)
      throw new Error('the stand-in did not start');
    const json = join(sb.root, 'sweep.json');
    if (load === 'steady') hog = busyLoops(hogCount);
    const started = Date.now();
    const out = await mountbenchChild(
      [
        'sweep',
        '--provider',
        'docker-desktop',
        '--variants',
        setup.variants,
        '--mount',
        'bind',
        '--workload',
        workloads,
        '--size',
        'quick',
        '--race',
        ...(arm === 'single' ? ['--single-pass'] : []),
        '--json',
        json,
        '--yes',
      ],
      sb.env,
      {
        onStderr: (text: string) => {
          // The first setting measured: the rising load starts now, on the settings still to come.
          if (load === 'rising' && !hog && /: done$/m.test(text)) {
            loads.push(loadavg()[0]);
            hog = busyLoops(hogCount);
          }
        },
      },
    );
    loads.push(loadavg()[0]);
    if (out.code !== 0) throw new Error(`sweep failed (${out.code}): ${out.stderr.slice(-400)}`);
    if (keepAs) copyFileSync(json, keepAs);
    return readTrial(await loadRunFile(json), (Date.now() - started) / 1000, loads);
  } finally {
    (hog as { stop(): void } | null)?.stop();
    await sb.remove();
  }
}

/** What the answer says of one sweep's run file, guarded and unguarded. */
function readTrial(run: RunFile, seconds: number, loads: number[]): Trial {
  const answer = sourceTreeAnswer(run);
  const bare = sourceTreeAnswer({
    ...run,
    results: run.results.map(({ control: _control, passCheck: _passCheck, ...r }) => r),
  });
  return {
    verdict: answer?.drift ? 'drift' : answer?.resolution ? 'resolution' : (answer?.verdict ?? 'no-data'),
    unguarded: bare?.verdict ?? 'no-data',
    choice: answer?.choice?.label ?? '',
    drift: answer?.drift?.factor ?? null,
    seconds,
    loads,
  };
}

function sourceTreeAnswer(run: RunFile) {
  return recommend(rowsFromRun(run), profileByName('balanced')).roles?.find((r) => r.role === 'source-tree');
}

const WORDS: Record<string, string> = {
  winner: 'faster',
  'no-measurable-difference': 'equivalent',
  drift: 'no measurable difference (drift)',
  resolution: 'no measurable difference (below what the sweep sees)',
  'not-decided': 'not decided',
};

function tallyWords(tally: ReadonlyMap<string, number>): string {
  return [...tally].map(([w, n]) => `${w} ${n}`).join(', ');
}

async function main(values: Values, signal: AbortSignal): Promise<void> {
  const arms = listOption('--arms', values.arms, [...ARMS], ARMS);
  const loads = listOption<Load>('--loads', values.loads, ['quiet', 'steady'], LOADS);
  const pairs = listOption<Pair>('--pairs', values.pairs, ['aa'], PAIRS);
  const trials = countOption('--trials', values.trials, 5, { min: 1, max: 100 });
  const hogCount = countOption('--hogs', values.hogs, 8, { min: 1, max: 64 });
  const workloads = listOption('--workloads', values.workloads, ['metadata-walk'], WORKLOAD_IDS).join(',');
  const image = benchImageFor(undefined);
  process.stdout.write(
    `${await benchHeader('bench/sweep-aa: sweeps across Docker Desktop stand-in restarts', {
      docker: new Docker(),
      endpoint: 'unix:///var/run/docker.sock',
      image,
    })}\n`,
  );
  const rows: string[][] = [];
  for (const pair of pairs)
    for (const load of loads)
      for (const arm of arms) {
        const tally = new Map<string, number>();
        const before = new Map<string, number>();
        const drifts: number[] = [];
        const seconds: number[] = [];
        const loadRange: number[] = [];
        for (let i = 0; i < trials; i++) {
          if (signal.aborted) return;
          const name = `${pair}-${load}-${arm}-${i + 1}.json`;
          let t: Trial;
          if (values.from) {
            // Read again with this build's rules: no seconds or loads were kept with the file.
            const file = join(values.from, name);
            if (!existsSync(file)) break;
            t = readTrial(await loadRunFile(file, { noFollow: true }), Number.NaN, []);
          } else
            t = await trial(
              pair,
              arm,
              load,
              hogCount,
              image,
              workloads,
              values.keep ? join(values.keep, name) : null,
            );
          const word = WORDS[t.verdict] ?? t.verdict;
          tally.set(word, (tally.get(word) ?? 0) + 1);
          const bare = WORDS[t.unguarded] ?? t.unguarded;
          before.set(bare, (before.get(bare) ?? 0) + 1);
          if (t.drift !== null) drifts.push(t.drift);
          if (Number.isFinite(t.seconds)) seconds.push(t.seconds);
          loadRange.push(...t.loads);
          log(
            `${pair} ${load} ${arm} ${i + 1}/${trials}: ${word}${t.choice ? ` (${t.choice})` : ''}; unguarded: ${bare}` +
              `${t.drift ? `, drift ${t.drift.toFixed(2)}×` : ''}${Number.isFinite(t.seconds) ? `, ${t.seconds.toFixed(0)} s, load ${t.loads.map((l) => l.toFixed(1)).join(' → ')}` : ''}`,
          );
        }
        if (!tally.size) continue;
        rows.push([
          pair,
          load,
          arm,
          tallyWords(tally),
          tallyWords(before),
          drifts.length ? `${Math.min(...drifts).toFixed(2)}–${Math.max(...drifts).toFixed(2)}×` : '—',
          loadRange.length
            ? `${Math.min(...loadRange).toFixed(1)}–${Math.max(...loadRange).toFixed(1)}`
            : '—',
          seconds.length ? `${(seconds.reduce((a, b) => a + b, 0) / seconds.length).toFixed(0)} s` : '—',
        ]);
      }
  process.stdout.write(
    `\n${textTable(['pair', 'load', 'arm', 'answers', 'unguarded (first pass, no control)', 'drift said', 'load seen', 'mean sweep'], rows)}\n`,
  );
}

runBench<Values>({ usage: USAGE, options: OPTIONS, main });
