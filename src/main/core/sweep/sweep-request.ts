// What a sweep is asked to do, validated once for the CLI and the API alike.
import { z } from 'zod';
import { MOUNT_KINDS, PROVIDER_IDS, SIZES, WORKLOAD_IDS } from '../../../shared/ids';

export const sweepRequestSchema = z
  .object({
    provider: z.enum(PROVIDER_IDS),
    /** Omitted: every variant available on this machine. */
    variants: z.array(z.string().min(1).max(100)).min(1).max(20).optional(),
    workloads: z.array(z.enum(WORKLOAD_IDS)).min(1).max(WORKLOAD_IDS.length),
    /** Mounts measured under each variant (variants change `bind`; the others are measured once). */
    mounts: z.array(z.enum(MOUNT_KINDS)).min(1).max(MOUNT_KINDS.length),
    size: z.enum(SIZES),
    runs: z.number().int().min(1).max(1000),
    warmup: z.number().int().min(0).max(100),
    image: z.string().min(1).max(500).optional(),
    /** Per-variant readiness timeout; default 180 s. */
    readyTimeoutMs: z.number().int().min(1000).max(3_600_000).optional(),
  })
  .strict()
  .refine((r) => !r.workloads.includes('custom'), {
    message: 'the custom workload is not swept',
    path: ['workloads'],
  });
export type SweepRequest = z.infer<typeof sweepRequestSchema>;
