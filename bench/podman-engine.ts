// The same workloads on the local Docker Engine and on a real Podman engine (`podman system
// service`, as the Podman tests start it), one run each, alternating which goes first per round:
// what the Docker-compatible API costs or saves on this machine. On Linux both share the host's
// folders natively, so this measures the engines, not a Mac's file sharing.
//
//   npx tsx bench/podman-engine.ts [--runs 5] [--rounds 2]
import Docker from 'dockerode';
import type { RunRequest } from '../src/shared/run-plan';
import type { RunFile } from '../src/shared/result-schema';
import { planBackends } from '../src/shared/backend-plan';
import { getMachineInfo } from '../src/core/machine';
import { dockerEngineVariants } from '../src/core/providers/docker-engine';
import { benchImageFor } from '../src/core/runner/image';
import { executeRun, runParts } from '../src/core/runner/run';
import { startPodmanEngine } from '../test/integration/podman-engine';
import { tempDir } from '../test/integration/support';
import { benchHeader, loadLine } from './lib/bench-header';
import { countOption, runBench, type BenchOptions } from './lib/bench-main';
import { ms, textTable } from './lib/text-table';

const USAGE = `Usage: npx tsx bench/podman-engine.ts [options]

Runs small-file-read and dd-write on a bind mount and a named volume at quick size on the local
Docker Engine and on a Podman engine started for the script (podman must be installed; rootful),
and prints each engine's mean per workload and the ratio Podman / Docker.

  --runs <n>    samples per workload and engine in each round (default 5)
  --rounds <n>  rounds, alternating which engine goes first (default 2)`;

const OPTIONS: BenchOptions = { runs: { type: 'string' }, rounds: { type: 'string' } };

interface Values {
  runs?: string;
  rounds?: string;
}

async function once(docker: Docker, runs: number, signal: AbortSignal, cacheDir: string): Promise<RunFile> {
  const request: RunRequest = {
    mounts: ['bind', 'volume'],
    variants: ['native'],
    workloads: ['small-file-read', 'dd-write'],
    size: 'quick',
    runs,
    warmup: 1,
  };
  return executeRun(
    ...runParts({
      runId: `bench-podman-${process.pid}-${Date.now()}`,
      request,
      backends: planBackends(request, 'docker-engine', await dockerEngineVariants()),
      docker,
      engine: null,
      image: benchImageFor(undefined),
      machine: await getMachineInfo(),
      appVersion: 'bench',
      allowHostCommands: false,
      cacheDir,
      signal,
      onEvent: () => undefined,
    }),
  );
}

async function main(values: Values, signal: AbortSignal): Promise<void> {
  const runs = countOption('--runs', values.runs, 5, { min: 2, max: 100 });
  const rounds = countOption('--rounds', values.rounds, 2, { min: 1, max: 20 });
  const docker = new Docker();
  const image = benchImageFor(undefined);
  process.stdout.write(
    `${await benchHeader('The workloads on Docker Engine and on Podman (Docker-compatible API)', { docker, endpoint: 'unix:///var/run/docker.sock', image })}\n`,
  );
  const podman = await startPodmanEngine();
  const cache = tempDir('bench-podman');
  const samples = new Map<string, { docker: number[]; podman: number[] }>();
  try {
    const version = await podman.docker.version();
    process.stdout.write(
      `podman engine: ${version.Version} (API ${version.ApiVersion}) at unix://${podman.socket}\n`,
    );
    for (let round = 0; round < rounds; round++) {
      const order: Array<['docker' | 'podman', Docker]> =
        round % 2 === 0
          ? [
              ['docker', docker],
              ['podman', podman.docker],
            ]
          : [
              ['podman', podman.docker],
              ['docker', docker],
            ];
      for (const [which, engine] of order) {
        signal.throwIfAborted();
        const result = await once(engine, runs, signal, cache.path);
        if (result.errors.length) throw new Error(`${which}: ${JSON.stringify(result.errors)}`);
        for (const r of result.results) {
          const key = `${r.backend.label} · ${r.workload.id}`;
          const entry = samples.get(key) ?? { docker: [], podman: [] };
          entry[which].push(...r.stats.samples);
          samples.set(key, entry);
        }
        process.stderr.write(`round ${round + 1}/${rounds}: ${which} done\n`);
      }
    }
  } finally {
    await podman.stop();
    cache.remove();
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const rows = [...samples].map(([key, s]) => [
    key,
    `${ms(mean(s.docker))} (${s.docker.length})`,
    `${ms(mean(s.podman))} (${s.podman.length})`,
    (mean(s.podman) / mean(s.docker)).toFixed(2),
  ]);
  process.stdout.write(
    `\n${runs} samples × ${rounds} rounds per engine, load ${loadLine()} at the end\n\n` +
      textTable(['backend · workload', 'Docker mean (n)', 'Podman mean (n)', 'Podman / Docker'], rows, [
        'left',
        'right',
        'right',
        'right',
      ]) +
      '\n',
  );
}

runBench<Values>({ usage: USAGE, options: OPTIONS, main });
