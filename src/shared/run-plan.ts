// What a caller asks the runner for, validated at every boundary (CLI flags, IPC, WebSocket).
import { z } from 'zod';
import { MOUNT_KINDS, SIZES, WORKLOAD_IDS } from './ids';

export const runRequestSchema = z
  .object({
    /** Engine name from discovery; omitted: the current engine. Not needed for `host` alone. */
    engine: z.string().min(1).max(200).optional(),
    /** Provider variants to try; omitted: the provider's current/default variant. */
    variants: z.array(z.string().min(1).max(100)).max(20).optional(),
    mounts: z.array(z.enum(MOUNT_KINDS)).min(1).max(MOUNT_KINDS.length),
    workloads: z.array(z.enum(WORKLOAD_IDS)).min(1).max(WORKLOAD_IDS.length),
    size: z.enum(SIZES),
    runs: z.number().int().min(1).max(1000),
    warmup: z.number().int().min(0).max(100),
    /** Bench image reference; omitted: MOUNTBENCH_IMAGE or the pinned default. */
    image: z.string().min(1).max(500).optional(),
  })
  .strict();
export type RunRequest = z.infer<typeof runRequestSchema>;
