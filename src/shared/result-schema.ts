// The versioned result file: what `mountbench run` saves, what the dashboard shows and what
// colleagues send each other. Every field a reader depends on is validated here, once.
import { z } from 'zod';
import { MOUNT_KINDS, PROVIDER_IDS, SIZES, SYNCED_MOUNT_KINDS, WORKLOAD_IDS } from './ids';
import { ROLES } from './roles';
import { COLD_CACHE_SCOPES, SAMPLE_METHODS } from './run-plan';
import { dependencySplitSchema } from './dependency-split';
import { npmLayoutVerdictSchema } from './npm-layouts';

export const RESULT_SCHEMA_ID = 'mountbench-run';
export const RESULT_SCHEMA_VERSION = 1;

// New fields stay optional within version 1, so Mountbench versions from before racing still
// read these files (unknown keys are dropped); a change old readers could misread bumps the version,
// which they refuse with "written by a newer Mountbench".

export const RACE_EXIT_REASONS = [
  'slower',
  'leader',
  'tied',
  'futile',
  'cap',
  'budget',
  'baseline',
  'failed',
] as const;

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

/**
 * A product's own release as it names it: `4.37.1` (Docker Desktop), `1.16.0`, `0.8.1`. Digits,
 * letters and `.+-_` only, so a hand-edited file cannot smuggle a sentence or a path in here.
 */
export const productVersionSchema = z
  .string()
  .max(40)
  .regex(/^[0-9A-Za-z][0-9A-Za-z.+_-]*$/, 'a product version is digits, letters and . + - _');

export const engineInfoSchema = z.object({
  name: z.string().max(200),
  endpoint: z.string().max(1000),
  provider: z.enum(PROVIDER_IDS),
  serverVersion: z.string().max(100),
  /**
   * The product's own release (Docker Desktop 4.37.1), which the engine's version does not tell:
   * patch releases often ship the same engine. null: the product did not say; absent in older files.
   */
  productVersion: productVersionSchema.nullable().optional(),
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
  /**
   * The custom workload's dependency-folder twin of a bind backend: this folder of the project
   * (e.g. `node_modules`) was in a named volume, the rest on the bind mount. Absent in older files.
   */
  dependencyVolume: z.string().max(300).optional(),
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

/** macOS's thermal pressure levels, 0–4 (`com.apple.system.thermalpressurelevel`). */
export const THERMAL_PRESSURES = ['nominal', 'moderate', 'heavy', 'trapping', 'sleeping'] as const;
export type ThermalPressure = (typeof THERMAL_PRESSURES)[number];

/** A Mac's conditions as one sample began; null where the Mac did not say. */
export const powerReadingSchema = z
  .object({
    source: z.enum(['ac', 'battery', 'ups']).nullable(),
    lowPower: z.boolean().nullable(),
    thermal: z.enum(THERMAL_PRESSURES).nullable(),
    /** Intel Macs: the CPU's speed limit in per cent once the Mac limited it (`pmset -g therm`). */
    speedLimit: z.number().int().min(0).max(100).nullable(),
  })
  .strict();
export type PowerReading = z.infer<typeof powerReadingSchema>;

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
  /**
   * Executions of the script one timed sample ran, one after another, so that a sample lasts long
   * enough to decide (issue 22); `stats` are per execution (the sample's time / this). Absent: 1.
   */
  executionsPerSample: z.number().int().positive().max(100_000).optional(),
  /** How each sample met the one before it (SAMPLE_METHODS). Absent: `spaced`, as every older file ran. */
  sampleMethod: z.enum(SAMPLE_METHODS).optional(),
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
  /**
   * Cold-cache mode: the page cache of the engine's kernel (`vm`, or the host's own: `host-kernel`)
   * was dropped before every sample, warm-up included. Absent: the samples ran on whatever the
   * previous one left cached.
   */
  coldCache: z.enum(COLD_CACHE_SCOPES).optional(),
  warmupRuns: z.number().int().nonnegative(),
  stats: statsSchema,
  /** Figures derived from the stats, e.g. `mbPerSecond` for writes. */
  derived: z.record(z.string().max(100), finite),
  warnings: z.array(z.string().max(2000)).max(100),
  /**
   * What the machine was doing as each timed sample began: `load`, the host's one-minute load
   * average (a sample a round when interleaved); on a Mac, `power`: its power source, Low Power
   * Mode and thermal state (core/machine/power-conditions.ts), one reading a timed sample. Absent
   * in older files and where the host says none.
   */
  conditions: z
    .object({
      load: z.array(nonNegative).max(100_000),
      power: z.array(powerReadingSchema).max(100_000).optional(),
    })
    .optional(),
  /**
   * What the host processes serving this backend's files (its FUSE daemon, the engine's VM, a sync
   * tool's daemon: core/host-processes/serving-cost.ts) spent across each timed sample:
   * `cpuSeconds`, user + system CPU seconds per execution, one a timed sample; `peakRssBytes`, the
   * most resident memory read after a sample.
   * Absent where Mountbench knows no such process (a native bind mount, a volume) or cannot read it.
   */
  serving: z
    .object({
      processes: z.array(z.string().max(200)).min(1).max(20),
      cpuSeconds: z.array(nonNegative).max(100_000),
      peakRssBytes: nonNegative,
    })
    .optional(),
  /**
   * How the samples were scheduled (absent in older files: sequential). `interleaved`: one sample
   * of every backend per round, in an order rotating each round.
   */
  order: z.enum(['interleaved', 'sequential']).optional(),
  /**
   * Racing runs only (then `stop` is absent): the round after which this backend stopped on this
   * workload and why (docs/methodology.md, "Racing"). Absent in older files.
   */
  race: z
    .object({
      round: z.number().int().nonnegative(),
      reason: z.enum(RACE_EXIT_REASONS),
      /** The backend it was decided slower than. */
      slowerThan: z.string().max(300).optional(),
    })
    .optional(),
  /** Host baseline only: the program that ran the scripts. Absent in older files (the host's own). */
  hostTools: z.string().max(500).optional(),
  /**
   * Container backends: the image the workload ran in (the bench image, the tools image for a
   * workload needing git, node…, or the custom workload's own). Absent in older files (the run's `image`).
   */
  image: z.string().max(300).optional(),
  /**
   * Host baseline only, on a plain Linux engine: the self-check against the native bind mount of
   * the same disk, which must agree with the host within their intervals. Absent in older files.
   */
  baselineCheck: z
    .object({
      against: z.string().max(300),
      /** host mean / bind mean with its interval. */
      ratio: nonNegative,
      low: nonNegative,
      high: nonNegative,
      /** True only when the whole interval lies within the tolerance band (`outcome` agrees). */
      agrees: z.boolean(),
      /**
       * agrees: the whole interval within 1 ± tolerance; differs: the whole interval outside it;
       * too-wide: neither, too few samples to check. Absent in older files, whose `agrees` was true
       * whenever the interval reached into the band.
       */
      outcome: z.enum(['agrees', 'differs', 'too-wide']).optional(),
      /**
       * How far apart (1 ± tolerance) host and bind may be and still agree: the container's own cost.
       * Absent in files of earlier versions, whose check asked for the interval to contain 1.
       */
      tolerance: z.number().min(0).max(10).optional(),
    })
    .optional(),
  /**
   * Sweeps of two settings or more only: the control measured beside this result in its setting's
   * run (the host baseline, which no setting touches), its mean in seconds per operation. How far
   * it moved between two settings bounds what their difference can mean (core/sweep/control.ts).
   * Absent in older files and in runs.
   */
  control: z
    .object({
      backendId: z.string().min(1).max(200),
      mean: nonNegative,
      stddev: nonNegative.nullable(),
      runs: z.number().int().positive(),
      /** The filesystem the control's own folder was on: a control on another under another setting was touched by it. */
      fsType: z.string().max(100).optional(),
    })
    .optional(),
  /**
   * Bracketed sweeps only (A B C, then C B A): the 95 % interval of the mean in each pass; `agrees`
   * is false when they do not overlap, and the result then carries a warning. The stats above are
   * the first pass's; `second.samples` are the second pass's timed samples, which a comparison pools
   * with the first's (core/compare/rows-from-run.ts). Absent in older files; `samples` absent in
   * files from before the bracket was the default.
   */
  passCheck: z
    .object({
      first: z.object({ mean: nonNegative, low: finite, high: finite }),
      second: z.object({
        mean: nonNegative,
        low: finite,
        high: finite,
        runs: z.number().int().positive(),
        samples: z.array(nonNegative).min(1).max(100_000).optional(),
      }),
      agrees: z.boolean(),
    })
    .optional(),
  /**
   * Sync mounts (mutagen, docker-sync, Compose Watch, a synchronized file share) only, timed apart
   * from the samples: how long the tool took to bring the freshly laid fixture into the container
   * (for `sync-share`: from creating the share until Docker Desktop said `watching`), and, after
   * each timed sample of a workload that writes, to bring the container's files back to the host.
   * Absent in older files.
   */
  sync: z
    .object({
      tool: z.enum(SYNCED_MOUNT_KINDS),
      /**
       * The tool copies host → container only (Compose Watch): the container's writes never reach
       * the host, so there is no write-back flush to time. Absent for two-way tools and older files.
       */
      oneWay: z.literal(true).optional(),
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

const raceComparisonSchema = z.object({
  a: z.string().max(300),
  b: z.string().max(300),
  /** mean(a) / mean(b) with its interval at the level the race decided at. */
  ratio: nonNegative,
  low: nonNegative,
  high: nonNegative,
  decided: z.boolean(),
});

export const raceSummarySchema = z.object({
  rule: z.object({
    minSamples: z.number().int().positive(),
    maxSamples: z.number().int().positive(),
    alpha: z.number().positive().max(1),
    /** Every look is tested at this level (alpha over the most looks); Holm across pairs within it. */
    perLookAlpha: z.number().positive().max(1),
    tieMargin: nonNegative,
    /** Samples before a race may stop as futile; absent in files from before the futility stop. */
    futilityFrom: z.number().int().positive().max(1_000_000).optional(),
  }),
  budgetSeconds: z.number().positive().optional(),
  workloads: z
    .array(
      z.object({
        /** `id` or `id:case`. */
        workloadKey: z.string().max(200),
        /** Backends race within the role they can serve (shared/roles.ts). */
        role: z.enum(ROLES),
        rounds: z.number().int().nonnegative(),
        /**
         * decided: one leader left; tied: equivalent, within the margin; futile: not even the cap
         * could have called it at this size; cap / budget: stopped undecided.
         */
        outcome: z.enum(['decided', 'tied', 'futile', 'cap', 'budget']),
        /** Futile only: the ratio the cap could have told from 1 at the spread seen (≥ 1). */
        resolvable: z.number().min(1).max(1e6).optional(),
        exits: z
          .array(
            z.object({
              backendId: z.string().max(300),
              round: z.number().int().nonnegative(),
              reason: z.enum(RACE_EXIT_REASONS),
              slowerThan: z.string().max(300).optional(),
            }),
          )
          .max(1000),
        comparisons: z.array(raceComparisonSchema).max(10_000),
      }),
    )
    .max(1000),
});
export type RaceSummary = z.infer<typeof raceSummarySchema>;

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
  /** Racing runs only: the stop rule and how each workload's race ended. Absent in older files. */
  race: raceSummarySchema.optional(),
  /** The dependency folder in a named volume against the plain bind mount, per pair. Absent in older files. */
  dependencySplit: z.array(dependencySplitSchema).max(100).optional(),
  /** npm-install's fastest layout of the four the 2025 comparison tested. Absent in older files. */
  npmLayouts: npmLayoutVerdictSchema.optional(),
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
