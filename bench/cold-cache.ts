// Cold-cache mode, measured: one large file on a bench container's bind mount, read whole inside
// the container (the runner's own sample and clock) right after the page cache was dropped by the
// helper container, and again with the file left cached; alternating, so drift falls on both.
// On this kind of engine (a plain Linux engine) the drop empties the whole host's page cache.
//
//   npx tsx bench/cold-cache.ts [--megabytes 256] [--rounds 10]
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import Docker from 'dockerode';
import { dropPageCache } from '../src/core/runner/cold-cache';
import { benchImageFor } from '../src/core/runner/image';
import { calibrate, timeOnce } from '../src/core/runner/time-sample';
import { median } from '../src/core/stats';
import { startBenchContainer } from './lib/bench-container';
import { benchHeader, loadLine } from './lib/bench-header';
import { countOption, runBench, type BenchOptions } from './lib/bench-main';
import { medianRatioInterval95 } from './lib/bootstrap';
import { ms, textTable } from './lib/text-table';

const USAGE = `Usage: npx tsx bench/cold-cache.ts [options]

Reads one file whole inside a bench container on a bind mount, alternately right after the page
cache was dropped (cold-cache mode's helper container) and with it cached (warm), and prints both.
It drops the page cache of the engine's kernel: on a plain Linux engine, the whole host's.

  --megabytes <n>  size of the file (default 256)
  --rounds <n>     cold and warm reads each (default 10)
  --image <ref>    bench image (default MOUNTBENCH_IMAGE or the pinned BusyBox)

The helper container runs the pinned helper image; where it cannot be pulled, build one and set
MOUNTBENCH_HELPER_IMAGE to its id (docs/user-guide.md, cold-cache mode).`;

const OPTIONS: BenchOptions = {
  megabytes: { type: 'string' },
  rounds: { type: 'string' },
  image: { type: 'string' },
};

interface Values {
  megabytes?: string;
  rounds?: string;
  image?: string;
}

/** Bytes of the file in the page cache, as util-linux's fincore reads them (null without fincore). */
function resident(path: string): number | null {
  try {
    return Number(
      execFileSync('fincore', ['--bytes', '--noheadings', '--output', 'RES', path]).toString().trim(),
    );
  } catch {
    return null;
  }
}

async function main(values: Values, signal: AbortSignal): Promise<void> {
  const megabytes = countOption('--megabytes', values.megabytes, 256, { min: 1, max: 8192 });
  const rounds = countOption('--rounds', values.rounds, 10, { min: 2, max: 1000 });
  const image = benchImageFor(values.image);
  const docker = new Docker();
  process.stdout.write(
    `${await benchHeader('Cold-cache mode: a large read, cold against warm', { docker, endpoint: 'unix:///var/run/docker.sock', image })}\n`,
  );
  const { executor } = await startBenchContainer(docker, image, 'bind', 'cold-cache', signal);
  try {
    await executor.prepareWorkdir('cold-cache', null, signal);
    const hostFile = join(executor.hostPathOf('cold-cache')!, 'large.bin');
    execFileSync('dd', ['if=/dev/urandom', `of=${hostFile}`, 'bs=1M', `count=${megabytes}`, 'status=none']);
    const workdir = executor.workdir('cold-cache');
    const overhead = await calibrate(executor, workdir, signal);
    const read = async () =>
      Math.max(
        0,
        (await timeOnce(executor, workdir, 'cat large.bin > /dev/null', undefined, signal)).seconds -
          overhead,
      );
    const cold: number[] = [];
    const warm: number[] = [];
    const residentCold: number[] = [];
    const residentWarm: number[] = [];
    await read();
    for (let round = 0; round < rounds; round++) {
      signal.throwIfAborted();
      await dropPageCache(docker, `bench-cold-cache-${process.pid}`, signal);
      residentCold.push(resident(hostFile) ?? NaN);
      cold.push(await read());
      residentWarm.push(resident(hostFile) ?? NaN);
      warm.push(await read());
      process.stderr.write(`round ${round + 1}/${rounds}\r`);
    }
    const mib = (bytes: number) =>
      Number.isNaN(bytes) ? 'no fincore' : `${(bytes / 2 ** 20).toFixed(1)} MiB`;
    const interval = medianRatioInterval95(cold, warm);
    process.stdout.write(
      `\n${megabytes} MiB file, ${rounds} reads each, load ${loadLine()} at the end\n\n` +
        textTable(
          ['mode', 'median', 'min', 'max', 'cached before the read (median)'],
          [
            [
              'cold cache',
              ms(median(cold)),
              ms(Math.min(...cold)),
              ms(Math.max(...cold)),
              mib(median(residentCold)),
            ],
            [
              'warm',
              ms(median(warm)),
              ms(Math.min(...warm)),
              ms(Math.max(...warm)),
              mib(median(residentWarm)),
            ],
          ],
          ['left', 'right', 'right', 'right', 'right'],
        ) +
        `\n\ncold / warm, ratio of medians: ${(median(cold) / median(warm)).toFixed(2)} (95 % bootstrap ${interval.low.toFixed(2)} … ${interval.high.toFixed(2)})\n`,
    );
  } finally {
    await executor.dispose();
  }
}

runBench<Values>({ usage: USAGE, options: OPTIONS, main });
