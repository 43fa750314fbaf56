// What a docker-sync "initial sync" figure measures, on the docker-sync STAND-IN (the real tool
// cannot be installed here) with an asynchronous propagation delay, as unison has in the real
// sidecar: (a) what the old flush timed, `docker-sync sync` (a no-op under native_osx: the CLI's
// start-up), against (b) Mountbench's initial sync now, from the host write until every file is
// in the container (content check). With a delay of D ms, (b) should be about D, (a) not.
//
//   MOUNTBENCH_IMAGE=mountbench/bench:offline npx tsx bench/docker-sync-initial-sync.ts [--delay-ms 2000] [--rounds 3]
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Docker from 'dockerode';
import { dockerEngineVariants } from '../src/core/providers/docker-engine';
import { getMachineInfo } from '../src/core/machine';
import { benchImageFor } from '../src/core/runner/image';
import { planBackends } from '../src/shared/backend-plan';
import { executeRun, runParts } from '../src/core/runner/run';
import { dockerSyncEnv, dockerSyncYaml } from '../src/core/sync/docker-sync';
import type { RunRequest } from '../src/shared/run-plan';
import { createStandinSandbox, STAND_INS_DIR } from '../test/stand-ins/sandbox';
import { benchHeader } from './lib/bench-header';
import { choiceOption, countOption, runBench, type BenchOptions } from './lib/bench-main';
import { textTable } from './lib/text-table';

const USAGE = `Usage: npx tsx bench/docker-sync-initial-sync.ts [--delay-ms 2000] [--rounds 3] [--workload dd-write]

Times, on the docker-sync stand-in with a propagation delay, the CLI's \`docker-sync sync\` (what a
flush used to time) and Mountbench's initial sync of a workload's quick fixture: dd-write (one
empty folder: the delay alone) or small-file-read (hundreds of files: the stand-in's own copying too).`;

const OPTIONS: BenchOptions = {
  'delay-ms': { type: 'string' },
  rounds: { type: 'string' },
  workload: { type: 'string' },
};
const WORKLOADS = ['dd-write', 'small-file-read'] as const;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sec = (x: number) => `${x.toFixed(2)} s`;

async function main(
  values: { 'delay-ms'?: string; rounds?: string; workload?: string },
  signal: AbortSignal,
): Promise<void> {
  const workload = choiceOption('--workload', values.workload, 'dd-write', WORKLOADS);
  const delayMs = countOption('--delay-ms', values['delay-ms'], 2000, { min: 0, max: 600_000 });
  const rounds = countOption('--rounds', values.rounds, 3, { min: 1, max: 50 });
  const docker = new Docker();
  const image = benchImageFor(undefined);
  const knobs = {
    STANDIN_DOCKER_SYNC_DELAY_MS: String(delayMs),
    STANDIN_DOCKER_SYNC_POLL_MS: '150',
    STANDIN_DOCKER_SYNC_IMAGE: image,
  };
  const sb = createStandinSandbox({ dockerSync: true, env: knobs });
  const cache = mkdtempSync(join(tmpdir(), 'mb-bench-docker-sync-'));
  process.stdout.write(
    `${await benchHeader(
      'bench/docker-sync-initial-sync: docker-sync stand-in, propagation delay ' + delayMs + ' ms',
      {
        docker,
        endpoint: 'unix:///var/run/docker.sock',
        image,
      },
    )}\n`,
  );
  try {
    // (a) `docker-sync sync` in a started project with a fresh host file, as the old flush ran it.
    const project = join(cache, 'project');
    mkdirSync(join(project, 'src'), { recursive: true });
    writeFileSync(
      join(project, 'docker-sync.yml'),
      dockerSyncYaml(`mb-bench-${process.pid}`, join(project, 'src')),
    );
    const tool = (args: string[]) =>
      promisify(execFile)(join(STAND_INS_DIR, 'docker-sync'), args, {
        cwd: project,
        env: dockerSyncEnv(sb.env),
      });
    await tool(['start']);
    const cli: number[] = [];
    try {
      for (let i = 0; i < rounds; i++) {
        writeFileSync(join(project, 'src', `f${i}`), 'x'.repeat(5120));
        const t = performance.now();
        await tool(['sync']);
        cli.push((performance.now() - t) / 1000);
      }
    } finally {
      await tool(['clean']);
    }
    // (b) Mountbench's initial sync of a fixture, through executeRun as `mountbench run` drives it.
    const initial: number[] = [];
    for (let i = 0; i < rounds && !signal.aborted; i++) {
      const request: RunRequest = {
        mounts: ['docker-sync'],
        workloads: [workload],
        size: 'quick',
        runs: 1,
        warmup: 0,
      };
      const run = await executeRun(
        ...runParts({
          runId: `bench-docker-sync-${process.pid}-${i}`,
          request,
          backends: planBackends(request, 'docker-engine', await dockerEngineVariants()),
          docker,
          engine: null,
          image,
          machine: await getMachineInfo(),
          appVersion: 'bench',
          allowHostCommands: true,
          cacheDir: cache,
          env: sb.env,
          signal,
          onEvent: () => undefined,
        }),
      );
      const seconds = run.results[0]?.sync?.initialSeconds;
      if (seconds === undefined) throw new Error(`round ${i}: ${JSON.stringify(run.errors)}`);
      initial.push(seconds);
      process.stderr.write(`round ${i + 1}: initial sync ${sec(seconds)}\n`);
    }
    process.stdout.write(
      `\n${textTable(
        ['what is timed', 'rounds', 'median', 'min … max'],
        [
          [
            '`docker-sync sync` (the old flush: a no-op under native_osx)',
            String(cli.length),
            sec(median(cli)),
            `${sec(Math.min(...cli))} … ${sec(Math.max(...cli))}`,
          ],
          [
            'initial sync now (host write → every file in the container)',
            String(initial.length),
            sec(median(initial)),
            `${sec(Math.min(...initial))} … ${sec(Math.max(...initial))}`,
          ],
        ],
        ['left', 'right', 'right', 'right'],
      )}\n`,
    );
  } finally {
    await sb.remove();
    rmSync(cache, { recursive: true, force: true });
  }
}

runBench({ usage: USAGE, options: OPTIONS, main });
