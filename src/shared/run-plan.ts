// What a caller asks the runner for, validated at every boundary (CLI flags, IPC, WebSocket).
import { z } from 'zod';
import { imageReferenceSchema } from './image-reference';
import { MOUNT_KINDS, SIZES, WORKLOAD_IDS } from './ids';

/**
 * Cold-cache mode (docs/methodology.md): `vm` drops the page cache of the engine's VM before every
 * sample; `host-kernel` does the same on a plain engine that shares this machine's kernel, which
 * empties the whole host's cache and so is only ever an explicit choice.
 */
export const COLD_CACHE_SCOPES = ['vm', 'host-kernel'] as const;
export type ColdCacheScope = (typeof COLD_CACHE_SCOPES)[number];

/**
 * How a sample meets the one before it (docs/methodology.md, "Sample method"). `back-to-back`: the
 * timed execution follows an untimed one of the same script at once, as hyperfine repeats a command,
 * so a write meets the previous write's write-back: the method of the published figures.
 * `spaced`: each sample on its own, an exec round trip (and the other backends' samples) after the
 * last, so the previous write-back has had time to finish: a cleaner quantity, but not the published one.
 */
export const SAMPLE_METHODS = ['back-to-back', 'spaced'] as const;
export type SampleMethod = (typeof SAMPLE_METHODS)[number];

/** Dependency folders worth a named volume, as the guides name them; any other relative path is taken too. */
export const KNOWN_DEPENDENCY_FOLDERS = [
  'node_modules',
  'vendor/bundle',
  'vendor',
  '.venv',
  'target',
] as const;

/** A folder inside the project: relative, forward slashes, no `..`, no odd characters. */
const DEPENDENCY_FOLDER = /^(?!\/)(?!.*(?:^|\/)\.\.?(?:\/|$))[A-Za-z0-9._\-/]{1,200}(?<!\/)$/;

export const runRequestSchema = z
  .object({
    /** Engine name from discovery; omitted: the current engine. Not needed for `host` alone. */
    engine: z.string().min(1).max(200).optional(),
    /** Provider variants to try; omitted: the provider's current/default variant. */
    variants: z.array(z.string().min(1).max(100)).max(20).optional(),
    mounts: z.array(z.enum(MOUNT_KINDS)).min(1).max(MOUNT_KINDS.length),
    workloads: z.array(z.enum(WORKLOAD_IDS)).min(1).max(WORKLOAD_IDS.length),
    size: z.enum(SIZES),
    /** Timed runs; with `adaptive`, the minimum. */
    runs: z.number().int().min(1).max(1000),
    /** Keep running past `runs` until the 95 % confidence interval of the mean is within ±2 %. */
    adaptive: z.boolean().optional(),
    /** With `adaptive`, the most timed runs (default: 5 × runs, at least 30); with `race`, the cap (default 30). */
    maxRuns: z.number().int().min(1).max(10_000).optional(),
    warmup: z.number().int().min(0).max(100),
    /**
     * Race to a decided ranking: `runs` is then the minimum samples and `maxRuns` the cap
     * (default 30); a backend leaves a workload once it is decided slower (docs/methodology.md).
     */
    race: z.boolean().optional(),
    /** Answer within this many seconds: no new round starts after it (racing spreads it over workloads). */
    budgetSeconds: z
      .number()
      .int()
      .min(10)
      .max(7 * 24 * 3600)
      .optional(),
    /** `interleaved` (default): rounds of one sample per backend, rotating; `sequential`: one backend after another. */
    order: z.enum(['interleaved', 'sequential']).optional(),
    /** Every workload's sample method; omitted: each workload's own default (its published method). */
    sampleMethod: z.enum(SAMPLE_METHODS).optional(),
    /** The `custom` workload: the user's command, project folder (copied) and image. */
    custom: z
      .object({
        command: z.string().min(1).max(10_000),
        folder: z.string().min(1).max(4096).optional(),
        image: imageReferenceSchema.optional(),
        /**
         * A folder of the project (e.g. `node_modules`) to also measure in a named volume, the
         * rest of the project staying on the bind mount: each bind backend gets that twin.
         */
        dependencyFolder: z
          .string()
          .regex(DEPENDENCY_FOLDER, 'a relative folder inside the project')
          .optional(),
      })
      .strict()
      .refine((c) => c.dependencyFolder === undefined || c.folder !== undefined, {
        message: 'a dependency folder needs the project folder it is in',
        path: ['dependencyFolder'],
      })
      .optional(),
    /**
     * Only these of the planned backends (ids as in the result file, e.g. `docker-engine/fuse/bind`):
     * a continuation measures the backends a race left undecided and not the whole product of
     * variants and mounts. Omitted: every planned backend.
     */
    backends: z.array(z.string().min(1).max(300)).min(1).max(50).optional(),
    /** Drop the page cache before every sample of a container backend (see COLD_CACHE_SCOPES). */
    coldCache: z.enum(COLD_CACHE_SCOPES).optional(),
    /** Bench image reference; omitted: MOUNTBENCH_IMAGE or the pinned default. */
    image: imageReferenceSchema.optional(),
    /**
     * The image workloads needing git, node, npm, fio or php run in; omitted:
     * MOUNTBENCH_TOOLS_IMAGE or the pinned default (resources/tools-image.json).
     */
    toolsImage: imageReferenceSchema.optional(),
  })
  .strict()
  .refine((r) => !r.workloads.includes('custom') || r.custom !== undefined, {
    message: 'the custom workload needs a command',
    path: ['custom'],
  })
  .refine((r) => !(r.race && r.order === 'sequential'), {
    message: 'racing needs interleaved rounds',
    path: ['order'],
  })
  .refine((r) => r.budgetSeconds === undefined || r.race === true, {
    message: 'a time budget needs racing: a fixed count of runs takes as long as it takes',
    path: ['budgetSeconds'],
  })
  .refine((r) => !(r.race && r.adaptive), {
    message: 'racing and the adaptive stop are two different stop rules: choose one',
    path: ['adaptive'],
  })
  .refine((r) => r.maxRuns === undefined || r.maxRuns >= r.runs, {
    message: 'maxRuns must be at least runs',
    path: ['maxRuns'],
  });
export type RunRequest = z.infer<typeof runRequestSchema>;
