// A team's dataset made up for tests and the bench: real result files (valid against the schema
// and the plausibility checks readDataset applies) from several machines of several chip families,
// measured on several releases of Docker Desktop, with a regression planted where asked. Seeded, so
// a rerun makes the same files.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { RunFile, WorkloadResult } from '../../../shared/result-schema';
import { runFileSchema } from '../../../shared/result-schema';
import { seededRandom } from '../../../shared/seeded-random';
import { summarize } from '../../stats/summarize';
import { runFilePath } from '../dataset-layout';
import type { TeamRun } from '../read-dataset';

export const TEAM_CHIPS = [
  { chip: 'Apple M1', cores: 8, speed: 1.3 },
  { chip: 'Apple M1 Pro', cores: 10, speed: 1.2 },
  { chip: 'Apple M2', cores: 8, speed: 1.1 },
  { chip: 'Apple M3 Max', cores: 16, speed: 0.9 },
  { chip: 'Apple M4 Pro', cores: 14, speed: 0.8 },
  { chip: 'Intel(R) Core(TM) i9-9980HK CPU @ 2.40GHz', cores: 16, speed: 2.4 },
] as const;

/** Docker Desktop releases, as the engine each ships reports its version. */
export const TEAM_VERSIONS = ['27.3.1', '27.4.0', '27.5.1'] as const;

export const TEAM_BACKENDS = [
  {
    id: 'docker-desktop/vz-virtiofs/bind',
    variant: 'vz-virtiofs',
    mount: 'bind',
    label: 'VZ + VirtioFS, bind mount',
    factor: 1,
  },
  {
    id: 'docker-desktop/vz-grpcfuse/bind',
    variant: 'vz-grpcfuse',
    mount: 'bind',
    label: 'VZ + gRPC FUSE, bind mount',
    factor: 1.6,
  },
  {
    id: 'docker-desktop/vz-virtiofs/volume',
    variant: 'vz-virtiofs',
    mount: 'volume',
    label: 'VZ + VirtioFS, named volume',
    factor: 0.3,
  },
] as const;

export const TEAM_WORKLOADS = [
  { id: 'small-file-read', seconds: 1.5, params: { files: 20000, fileBytes: 5120 }, fsType: 'virtiofs' },
  { id: 'dd-write', seconds: 0.8, params: { count: 100000, blockBytes: 1024 }, fsType: 'virtiofs' },
] as const;

/** A change planted at one release: every machine's figure for that workload and backend × factor. */
export interface PlantedChange {
  workload: (typeof TEAM_WORKLOADS)[number]['id'];
  backendId: (typeof TEAM_BACKENDS)[number]['id'];
  /** The release from which it applies (and on). */
  version: string;
  factor: number;
}

export interface TeamDatasetOptions {
  machines: number;
  /** Runs each machine made on each release. */
  runsPerVersion: number;
  versions?: readonly string[];
  /**
   * When given, `versions` are Docker Desktop's own releases, recorded as `engine.productVersion`,
   * and the engine of each reports the version named here (patch releases share one). Absent:
   * `versions` are the engine's and no product version is recorded, as in files written before it was.
   */
  engineOf?: Readonly<Record<string, string>>;
  /** Relative standard deviation of one sample (default 1 %). */
  noise?: number;
  samples?: number;
  changes?: readonly PlantedChange[];
  seed?: number;
}

function hex(random: () => number, digits: number): string {
  let out = '';
  for (let i = 0; i < digits; i++) out += Math.floor(random() * 16).toString(16);
  return out;
}

/** A normal deviate (Box–Muller): noise that looks like a real timer's. */
function gaussian(random: () => number): number {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

function result(
  backend: (typeof TEAM_BACKENDS)[number],
  workload: (typeof TEAM_WORKLOADS)[number],
  seconds: number,
  samples: number,
  noise: number,
  random: () => number,
): WorkloadResult {
  const times = Array.from({ length: samples }, () =>
    Math.max(1e-6, seconds * (1 + noise * gaussian(random))),
  );
  return {
    backend: {
      id: backend.id,
      provider: 'docker-desktop',
      variant: backend.variant,
      mount: backend.mount,
      label: backend.label,
    },
    workload: { id: workload.id, size: 'default', params: { ...workload.params } },
    fsType: backend.mount === 'volume' ? 'ext4' : workload.fsType,
    clock: { source: 'adjtimex', resolutionSeconds: 1e-6, overheadSeconds: 0.0001 },
    cache: 'warm',
    warmupRuns: 1,
    stats: summarize(times),
    derived: {},
    warnings: [],
  };
}

export function teamDataset(options: TeamDatasetOptions): TeamRun[] {
  const random = seededRandom(options.seed ?? 27);
  const versions = options.versions ?? TEAM_VERSIONS;
  const noise = options.noise ?? 0.01;
  const samples = options.samples ?? 10;
  const runs: TeamRun[] = [];
  const start = Date.parse('2026-09-01T09:00:00.000Z');
  for (let m = 0; m < options.machines; m++) {
    const machineId = `m-${hex(random, 16)}`;
    const chip = TEAM_CHIPS[m % TEAM_CHIPS.length];
    // Each machine is itself a little faster or slower than its chip's average.
    const own = chip.speed * (0.9 + 0.2 * random());
    let at = start + m * 60_000;
    versions.forEach((version) => {
      for (let r = 0; r < options.runsPerVersion; r++) {
        at += 3_600_000;
        const results: WorkloadResult[] = [];
        for (const workload of TEAM_WORKLOADS)
          for (const backend of TEAM_BACKENDS) {
            const planted = (options.changes ?? []).filter(
              (c) =>
                c.workload === workload.id &&
                c.backendId === backend.id &&
                version.localeCompare(c.version, 'en', { numeric: true }) >= 0,
            );
            const factor = planted.reduce((f, c) => f * c.factor, 1);
            results.push(
              result(
                backend,
                workload,
                workload.seconds * backend.factor * own * factor,
                samples,
                noise,
                random,
              ),
            );
          }
        const id = `20260901-${String(m).padStart(3, '0')}-${version.replace(/\./g, '')}-${r}-${hex(random, 6)}`;
        const run: RunFile = runFileSchema.parse({
          schema: 'mountbench-run',
          version: 1,
          id,
          createdAt: new Date(at).toISOString(),
          finishedAt: new Date(at + 600_000).toISOString(),
          status: 'completed',
          app: { name: 'mountbench', version: '0.1.0' },
          machine: {
            chip: chip.chip,
            arch: chip.chip.startsWith('Apple') ? 'arm64' : 'x86_64',
            processArch: chip.chip.startsWith('Apple') ? 'arm64' : 'x64',
            rosetta: false,
            cores: chip.cores,
            memoryBytes: 32 * 1024 ** 3,
            os: { platform: 'darwin', name: 'macOS', version: '15.1', kernel: 'Darwin 24.1.0' },
          },
          engine: {
            name: 'desktop-linux',
            endpoint: '',
            provider: 'docker-desktop',
            serverVersion: options.engineOf?.[version] ?? version,
            ...(options.engineOf ? { productVersion: version } : {}),
            apiVersion: '1.47',
            os: 'Docker Desktop',
            osType: 'linux',
            arch: 'aarch64',
            kernelVersion: '6.10.14-linuxkit',
            cpus: 8,
            memoryBytes: 8 * 1024 ** 3,
          },
          image: 'mountbench/bench:offline',
          results,
          errors: [],
        });
        runs.push({ machineId, file: `machines/${machineId}/${id}.json`, run });
      }
    });
  }
  return runs;
}

/** The runs as a dataset folder: `machines/<machineId>/<runId>.json` under `root`. */
export async function writeTeamDataset(root: string, runs: readonly TeamRun[]): Promise<void> {
  for (const { machineId, run } of runs) {
    const file = runFilePath(root, machineId, run.id);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, `${JSON.stringify(run, null, 2)}\n`);
  }
}
