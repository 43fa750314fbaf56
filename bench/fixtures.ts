// Fixture creation: how long writeHostFixture takes to lay the default small-file-read (20,000
// files), site-build (~800 MB) and git-status (47,000 tracked files + their ignored build output) trees
// on the host, against `tar -x` of the very same tree in the same run, interleaved; and the writer's
// peak memory, from a child process that does nothing else.
//
//   npx tsx bench/fixtures.ts [--rounds 5] [--fixture small-file-read,site-build] [--drop-caches]
import { execFile, fork } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { MountbenchError } from '../src/shared/errors';
import { SIZES, type SizeName } from '../src/shared/ids';
import { packFixture } from '../src/core/fixtures/tar-pack';
import { cacheDir } from '../src/core/store';
import { median } from '../src/core/stats';
import { benchHeader, loadLine } from './lib/bench-header';
import { choiceOption, countOption, listOption, runBench, type BenchOptions } from './lib/bench-main';
import {
  benchFixture,
  FIXTURE_WORKLOADS,
  fixtureTotals,
  treeTotals,
  type FixtureWorkload,
} from './lib/bench-fixtures';
import type { WriterReport } from './lib/fixture-writer-child';
import { medianInterval95 } from './lib/bootstrap';
import { ms, textTable } from './lib/text-table';

const run = promisify(execFile);
const CHILD = join(__dirname, 'lib', 'fixture-writer-child.ts');
/** The goals. */
const TIME_GOAL = 1.5;
const MEMORY_GOAL_BYTES = 150e6;

const USAGE = `Usage: npx tsx bench/fixtures.ts [options]

Lays each fixture with writeHostFixture (in a child process, which reports its time and peak RSS)
and with \`tar -x\` of an archive of the same tree (packed once beforehand), interleaved.

  --rounds <n>       interleaved rounds per fixture (default 5)
  --fixture <list>   ${FIXTURE_WORKLOADS.join(', ')} (default all)
  --size <size>      ${SIZES.join(' or ')} (default default)
  --dir <path>       where to write (default Mountbench's cache folder, where runs lay bind fixtures)
  --drop-caches      sync and drop the page cache before every side (root, Linux)`;

const OPTIONS: BenchOptions = {
  rounds: { type: 'string' },
  fixture: { type: 'string' },
  size: { type: 'string' },
  dir: { type: 'string' },
  'drop-caches': { type: 'boolean' },
};

interface Values {
  rounds?: string;
  fixture?: string;
  size?: string;
  dir?: string;
  'drop-caches'?: boolean;
}

interface Sample {
  writer: number[];
  tar: number[];
  writerMaxRss: number[];
  writerRssBefore: number[];
}

function progress(text: string): void {
  process.stderr.write(`${text}\n`);
}

async function settle(dropCaches: boolean): Promise<void> {
  // Whatever the previous side left dirty is flushed before the next one is timed, whichever it is.
  await run('sync');
  if (!dropCaches) return;
  await writeFile('/proc/sys/vm/drop_caches', '3\n').catch((err: Error) => {
    throw new MountbenchError(
      'BAD_INPUT',
      `--drop-caches needs root on Linux: ${err.message}; run without it to keep the page cache`,
    );
  });
}

function runWriter(
  id: FixtureWorkload,
  size: SizeName,
  target: string,
  signal: AbortSignal,
): Promise<WriterReport> {
  // fork() passes on our execArgv, so the child runs under the same TypeScript loader (tsx).
  const child = fork(CHILD, [id, size, target], { stdio: ['ignore', 'pipe', 'pipe', 'ipc'], signal });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) {
        reject(new MountbenchError('IO', `the fixture writer exited ${code}: ${stderr.trim()}`));
        return;
      }
      try {
        resolve(JSON.parse(stdout.trim().split('\n').pop() ?? '') as WriterReport);
      } catch {
        reject(new MountbenchError('INTERNAL', `the fixture writer printed no report: ${stdout}`));
      }
    });
  });
}

async function runTar(archive: string, target: string, signal: AbortSignal): Promise<number> {
  await mkdir(target, { recursive: true });
  const began = performance.now();
  await run('tar', ['-x', '-f', archive, '-C', target], { signal }).catch((err: Error) => {
    signal.throwIfAborted();
    throw new MountbenchError('IO', `tar -x failed: ${err.message}`);
  });
  return (performance.now() - began) / 1000;
}

async function checkTree(
  side: string,
  dir: string,
  expected: { files: number; bytes: number },
): Promise<void> {
  const got = await treeTotals(dir);
  if (got.files !== expected.files || got.bytes !== expected.bytes) {
    throw new MountbenchError(
      'INTERNAL',
      `${side} laid ${got.files} files / ${got.bytes} bytes, expected ${expected.files} / ${expected.bytes}`,
    );
  }
}

async function measureFixture(
  id: FixtureWorkload,
  size: SizeName,
  work: string,
  settings: { rounds: number; dropCaches: boolean },
  signal: AbortSignal,
): Promise<{ sample: Sample; archiveBytes: number; totals: { files: number; bytes: number } }> {
  const spec = benchFixture(id, size);
  const totals = fixtureTotals(spec);
  const archive = join(work, `${id}.tar`);
  progress(`${id}: packing the archive tar -x will read (untimed)`);
  await pipeline(packFixture(spec), createWriteStream(archive), { signal });
  const archiveBytes = (await stat(archive)).size;

  const sample: Sample = { writer: [], tar: [], writerMaxRss: [], writerRssBefore: [] };
  const writerDir = join(work, `${id}-writer`);
  const tarDir = join(work, `${id}-tar`);
  const writerSide = async () => {
    await rm(writerDir, { recursive: true, force: true });
    await settle(settings.dropCaches);
    const report = await runWriter(id, size, writerDir, signal);
    sample.writer.push(report.seconds);
    sample.writerMaxRss.push(report.maxRssBytes);
    sample.writerRssBefore.push(report.rssBeforeBytes);
  };
  const tarSide = async () => {
    await rm(tarDir, { recursive: true, force: true });
    await settle(settings.dropCaches);
    sample.tar.push(await runTar(archive, tarDir, signal));
  };
  for (let round = 0; round < settings.rounds; round++) {
    if (round % 2 === 0) {
      await writerSide();
      await tarSide();
    } else {
      await tarSide();
      await writerSide();
    }
    if (round === 0) {
      // Same tree on both sides, or the comparison means nothing.
      await checkTree('writeHostFixture', writerDir, totals);
      await checkTree('tar -x', tarDir, totals);
    }
    progress(
      `${id}: round ${round + 1}/${settings.rounds}: writer ${ms(sample.writer[round])}, tar ${ms(sample.tar[round])} ` +
        `(load ${loadLine()})`,
    );
  }
  await rm(writerDir, { recursive: true, force: true });
  await rm(tarDir, { recursive: true, force: true });
  await rm(archive, { force: true });
  return { sample, archiveBytes, totals };
}

/** Decimal megabytes, as the goals are written (150 MB, ~800 MB). */
function mb(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

async function main(values: Values, signal: AbortSignal): Promise<void> {
  const rounds = countOption('--rounds', values.rounds, 5, { min: 1, max: 100 });
  const fixtures = listOption('--fixture', values.fixture, [...FIXTURE_WORKLOADS], FIXTURE_WORKLOADS);
  const size: SizeName = choiceOption('--size', values.size, 'default', SIZES);
  const dropCaches = values['drop-caches'] ?? false;
  if (dropCaches && process.platform !== 'linux')
    throw new MountbenchError('BAD_INPUT', '--drop-caches works on Linux only');

  process.stdout.write(`${await benchHeader('bench/fixtures: fixture creation against tar -x', null)}\n`);
  // Where the app lays bind fixtures: the same disk and folder tree a real run writes to.
  const parent = values.dir ?? cacheDir();
  await mkdir(parent, { recursive: true });
  const work = await mkdtemp(join(parent, `bench-fixtures-${process.pid}-`));
  const { stdout: tarVersion } = await run('tar', ['--version']).catch(() => ({
    stdout: 'tar (unknown version)',
  }));
  process.stdout.write(`tar      ${tarVersion.split('\n')[0]}\nfolder   ${work}\n`);

  const rows: string[][] = [];
  const memory: string[][] = [];
  try {
    for (const id of fixtures) {
      const { sample, archiveBytes, totals } = await measureFixture(
        id,
        size,
        work,
        { rounds, dropCaches },
        signal,
      );
      const ratio = median(sample.writer) / median(sample.tar);
      // Each round's two sides ran back to back: their ratio is immune to the machine's load drifting.
      const roundRatios = sample.writer.map((w, i) => w / sample.tar[i]);
      const paired = median(roundRatios);
      rows.push([
        id,
        `${totals.files} files, ${mb(totals.bytes)}`,
        String(sample.writer.length),
        ms(median(sample.writer)),
        `${ms(Math.min(...sample.writer))} … ${ms(Math.max(...sample.writer))}`,
        ms(median(sample.tar)),
        `${ms(Math.min(...sample.tar))} … ${ms(Math.max(...sample.tar))}`,
        `${ratio.toFixed(2)}×`,
        `${paired.toFixed(2)}×`,
        (({ low, high }) => `${low.toFixed(2)} … ${high.toFixed(2)}`)(medianInterval95(roundRatios)),
        ratio <= TIME_GOAL && paired <= TIME_GOAL ? 'yes' : 'NO',
      ]);
      const peak = Math.max(...sample.writerMaxRss);
      memory.push([
        id,
        mb(median(sample.writerRssBefore)),
        mb(peak),
        mb(peak - median(sample.writerRssBefore)),
        peak < MEMORY_GOAL_BYTES ? 'yes' : 'NO',
        mb(archiveBytes),
      ]);
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }

  process.stdout.write(
    `\nTime to lay the fixture (goal: writeHostFixture ≤ ${TIME_GOAL}× tar -x)\n\n` +
      textTable(
        [
          'fixture',
          'tree',
          'rounds',
          'writer median',
          'writer min … max',
          'tar -x median',
          'tar min … max',
          'ratio of medians',
          'paired ratio',
          '95 % CI',
          `≤ ${TIME_GOAL}×`,
        ],
        rows,
        ['left', 'left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'left', 'left'],
      ) +
      `\n\nPeak memory of the writer's process (goal: under ${mb(MEMORY_GOAL_BYTES)})\n\n` +
      textTable(
        [
          'fixture',
          'RSS before writing',
          'peak RSS (maxRSS)',
          'growth while writing',
          '< 150 MB',
          'archive tar read',
        ],
        memory,
        ['left', 'right', 'right', 'right', 'left', 'right'],
      ) +
      `\n\nSettings: ${rounds} rounds per fixture, sides alternating first. The writer's time is taken inside ` +
      "its child process around writeHostFixture (node start-up excluded); tar's is spawn to exit of " +
      '`tar -x -f ARCHIVE -C DIR` (its process start, ~1 ms, included). Neither side fsyncs; `sync` runs ' +
      "untimed before every side so neither pays for the other's write-back. The paired ratio is the " +
      "median of the rounds' writer/tar ratios, each round's two sides having run back to back; its 95 % CI " +
      'is a bootstrap over the rounds. ' +
      (dropCaches
        ? 'The page cache was dropped (echo 3 > /proc/sys/vm/drop_caches) before every side: tar read its archive from disk.'
        : 'The page cache was NOT dropped: tar read its archive from memory (its best case).') +
      `\nPeak RSS is getrusage's maxRSS of the writer's process over its life, TypeScript loader included.` +
      `\nLoad at the end: ${loadLine()} (1, 5, 15 min).\n`,
  );
}

runBench<Values>({ usage: USAGE, options: OPTIONS, main });
