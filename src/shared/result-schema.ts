// The versioned result file: what `mountbench run` saves, what the dashboard shows and what
// colleagues send each other. Every field a reader depends on is validated here, once.
import { z } from 'zod';
import { MOUNT_KINDS, PROVIDER_IDS, SIZES, WORKLOAD_IDS } from './ids';

export const RESULT_SCHEMA_ID = 'mountbench-run';
export const RESULT_SCHEMA_VERSION = 1;

const finite = z.number().finite();
const nonNegative = finite.nonnegative();

export const machineSchema = z.object({
  /** CPU model as the OS names it, e.g. "Apple M1 Pro" or "Intel(R) Xeon(R) ...". */
  chip: z.string().max(200),
  /** The hardware's architecture: `arm64` on Apple silicon even when Node runs under Rosetta. */
  arch: z.string().max(40),
  /** The architecture this process runs as (differs from `arch` under Rosetta). */
  processArch: z.string().max(40),
  rosetta: z.boolean(),
  cores: z.number().int().positive().max(4096),
  memoryBytes: nonNegative,
  os: z.object({
    platform: z.string().max(40),
    name: z.string().max(100),
    version: z.string().max(100),
    kernel: z.string().max(200),
  }),
  /** Free text the user may set ("Alice's M1"); never the hostname by default. */
  label: z.string().max(200).optional(),
});
export type MachineInfo = z.infer<typeof machineSchema>;

export const engineInfoSchema = z.object({
  name: z.string().max(200),
  endpoint: z.string().max(1000),
  provider: z.enum(PROVIDER_IDS),
  serverVersion: z.string().max(100),
  apiVersion: z.string().max(100),
  os: z.string().max(200),
  osType: z.string().max(100),
  arch: z.string().max(100),
  kernelVersion: z.string().max(200),
  cpus: z.number().int().nonnegative().max(4096),
  memoryBytes: nonNegative,
});
export type EngineInfo = z.infer<typeof engineInfoSchema>;

export const backendSchema = z.object({
  /** Stable id: `provider/variant/mount`, e.g. `docker-engine/fuse/bind`; `host` for the baseline. */
  id: z.string().max(300),
  provider: z.enum(PROVIDER_IDS).nullable(),
  variant: z.string().max(100).nullable(),
  mount: z.enum(MOUNT_KINDS),
  /** What the user sees, in the product's own words. */
  label: z.string().max(300),
});
export type Backend = z.infer<typeof backendSchema>;

export const statsSchema = z.object({
  /** Every timed sample in seconds, in the order they ran (warm-up runs are not included). */
  samples: z.array(nonNegative).min(1).max(100_000),
  mean: nonNegative,
  stddev: nonNegative.nullable(),
  median: nonNegative,
  min: nonNegative,
  max: nonNegative,
  runs: z.number().int().positive(),
  /** Mean user / system CPU seconds per sample, where the clock source can give them. */
  user: nonNegative.nullable(),
  system: nonNegative.nullable(),
  /** Indexes into `samples` whose modified z-score marks them as outliers. */
  outliers: z.array(z.number().int().nonnegative()),
});
export type Stats = z.infer<typeof statsSchema>;

export const clockSchema = z.object({
  /** Which timer produced the samples: `adjtimex` in the container, `host-markers` on the host. */
  source: z.string().max(100),
  resolutionSeconds: nonNegative,
  /** Measured cost of reading the clock twice with nothing between; subtracted from every sample. */
  overheadSeconds: nonNegative,
});
export type ClockInfo = z.infer<typeof clockSchema>;

export const workloadResultSchema = z.object({
  backend: backendSchema,
  workload: z.object({
    id: z.enum(WORKLOAD_IDS),
    size: z.enum(SIZES),
    params: z.record(z.string().max(100), z.union([finite, z.string().max(1000), z.boolean()])),
    /** Which of a workload's several results this is, e.g. `128` for 128-byte reads of buffered-read. */
    case: z.string().max(100).optional(),
  }),
  /** Operations one sample does; a per-op figure is `stats / opsPerSample` (absent: 1). */
  opsPerSample: z.number().positive().optional(),
  /** The first execution after the fixture was laid (the cold one), reported apart from the rest. */
  firstRun: z
    .object({
      seconds: nonNegative,
      /** True when it lies outside what the warm samples explain (see docs/methodology.md). */
      differs: z.boolean(),
    })
    .optional(),
  /** How the number of timed runs was decided. */
  stop: z
    .object({
      rule: z.enum(['fixed', 'converged', 'max-runs']),
      /** Relative half-width of the 95 % confidence interval of the mean when the runs ended. */
      relativeHalfWidth: nonNegative.nullable(),
    })
    .optional(),
  /** Filesystem type the workload folder was on, read from /proc/mounts inside the container. */
  fsType: z.string().max(100),
  clock: clockSchema,
  /** `warm`: warm-up runs came first; `cold`: the first run after the fixture was laid. */
  cache: z.enum(['warm', 'cold']),
  warmupRuns: z.number().int().nonnegative(),
  stats: statsSchema,
  /** Figures derived from the stats, e.g. `mbPerSecond` for writes. */
  derived: z.record(z.string().max(100), finite),
  warnings: z.array(z.string().max(2000)).max(100),
  /**
   * Sync mounts (mutagen, docker-sync) only, timed apart from the samples: how long the tool took
   * to bring the freshly laid fixture into the container, and, after each timed sample of a
   * workload that writes, to bring the container's files back to the host. Absent in older files.
   */
  sync: z
    .object({
      tool: z.enum(['mutagen', 'docker-sync']),
      initialSeconds: nonNegative,
      flushSeconds: z.array(nonNegative).max(100_000),
      /** What the host held after the last write-back flush, checked against the container. */
      writeBack: z.object({ files: z.number().int().nonnegative(), bytes: nonNegative }).optional(),
    })
    .optional(),
});
export type WorkloadResult = z.infer<typeof workloadResultSchema>;

export const runErrorSchema = z.object({
  name: z.string().max(200),
  message: z.string().max(10_000),
  code: z.string().max(100),
  backendId: z.string().max(300).optional(),
  workloadId: z.string().max(100).optional(),
});

export const runFileSchema = z.object({
  schema: z.literal(RESULT_SCHEMA_ID),
  version: z.literal(RESULT_SCHEMA_VERSION),
  id: z.string().regex(/^[A-Za-z0-9-]{1,100}$/),
  createdAt: z.string().datetime(),
  finishedAt: z.string().datetime(),
  status: z.enum(['completed', 'cancelled', 'failed']),
  app: z.object({
    name: z.literal('mountbench'),
    version: z.string().max(50),
    /** The commit the code that wrote the file was built from (`abc123def456`, `-dirty` when edited). Absent in older files. */
    commit: z.string().max(60).optional(),
  }),
  /** Where the figures came from when Mountbench did not measure them itself. Absent: Mountbench measured them. */
  origin: z
    .object({
      tool: z.literal('hyperfine'),
      /** The name of the file it was imported from, without its folder. */
      file: z.string().max(300),
    })
    .optional(),
  machine: machineSchema,
  /** Null when only the host baseline ran. */
  engine: engineInfoSchema.nullable(),
  image: z.string().max(500).nullable(),
  results: z.array(workloadResultSchema).max(10_000),
  errors: z.array(runErrorSchema).max(1000),
  /** Backend × workload pairs that cannot run, with why (sync-latency on a named volume). */
  skipped: z
    .array(
      z.object({
        backendId: z.string().max(300),
        workloadId: z.enum(WORKLOAD_IDS),
        reason: z.string().max(2000),
      }),
    )
    .max(1000)
    .optional(),
});
export type RunFile = z.infer<typeof runFileSchema>;
