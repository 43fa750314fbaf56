// What the dashboard sees of providers, sweeps and "Apply this setting". The core's own types
// (core/providers/provider.ts, core/sweep) are built from these, so the two cannot drift: the
// core's sweep events ARE SweepProgress, its detections satisfy ProviderDetectionView, and the
// few places where the core holds more (a proposal's full backends) are narrowed in one mapper
// (core/sweep/sweep-views.ts) with a test.
import { z } from 'zod';
import { imageReferenceSchema } from './image-reference';
import type { SerializedError } from './errors';
import { MOUNT_KINDS, PROVIDER_IDS, SIZES, WORKLOAD_IDS, type MountKind, type ProviderId } from './ids';
import type { RunFile } from './result-schema';
import type { RunEvent } from './run-events';

/** What a sweep is asked to do, validated once for the CLI and the API alike. */
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
    image: imageReferenceSchema.optional(),
    /** The image workloads needing git, node, npm, fio or php run in (see the run request's). */
    toolsImage: imageReferenceSchema.optional(),
    /**
     * The bracket: measure every setting again in reverse order (A B C, then C B A), so drift
     * between settings falls on both ends alike, and each setting's two passes say how far the
     * machine drifted (core/stats/pass-drift.ts). On unless `false`: a verdict between settings
     * measured minutes apart, across restarts, needs it. `false` halves the sweep's time.
     */
    reversePass: z.boolean().optional(),
    /**
     * Race each setting's run to a decided ranking, with the run's own rule (run-plan.ts `race`):
     * `runs` is then the least samples and `maxRuns` the cap (default 30); a backend alone in its
     * role (a later setting's bind mount, often) takes at least 10 (shared/race-samples.ts).
     */
    race: z.boolean().optional(),
    /** With `race`, the most timed samples per backend. */
    maxRuns: z.number().int().min(1).max(10_000).optional(),
    /** Per-variant readiness timeout; default 180 s. */
    readyTimeoutMs: z.number().int().min(1000).max(3_600_000).optional(),
  })
  .strict()
  .refine((r) => !r.workloads.includes('custom'), {
    message: 'the custom workload is not swept',
    path: ['workloads'],
  })
  .refine((r) => r.maxRuns === undefined || r.race === true, {
    message: 'a sweep takes the most runs only when it races: a fixed count is its own most',
    path: ['maxRuns'],
  })
  .refine((r) => r.maxRuns === undefined || r.maxRuns >= r.runs, {
    message: 'maxRuns must be at least runs',
    path: ['maxRuns'],
  });
export type SweepRequest = z.infer<typeof sweepRequestSchema>;

/** A variant id as the API accepts it (the provider says which ones exist). */
export const variantIdSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9.-]{0,99}$/, 'a variant id is 1-100 lower-case letters, digits, dots or dashes');

/** One product as detected (the core's ProviderDetection is this type). */
export interface ProviderDetectionView {
  id: ProviderId;
  /** The product's name, e.g. "Docker Desktop". */
  label: string;
  installed: boolean;
  /** The product's version as it reports it, e.g. "4.37.1"; null when unknown. */
  version: string | null;
  /** null: cannot tell (e.g. the CLI to ask is missing). */
  running: boolean | null;
  /** The variant id the product is set to now; null when the settings match no variant or are unreadable. */
  currentVariant: string | null;
  /** The current file-sharing setting in the product's words, e.g. "VZ + VirtioFS". */
  currentSetting: string | null;
  /** The settings file the provider reads and writes; null when it has none (docker-engine, orbstack). */
  settingsFile: string | null;
  /** The engine name (Docker context, or a known socket name) workloads run against. */
  engineName: string | null;
  /** Anything the user should know: an unreadable file, a newer settings version… Never thrown. */
  problems: string[];
}

/** One file-sharing configuration a provider can be put in (the core's ProviderVariant is this type). */
export interface ProviderVariantView {
  id: string;
  /** In the product's own words. */
  label: string;
  available: boolean;
  /** Why not, when unavailable: chip, OS or product version, a missing tool. */
  reason?: string;
  /** Mounts whose speed the variant changes; other mounts are measured once, on the first variant. */
  affects: readonly MountKind[];
}

/** A product for the dashboard's engines card and backends picker. */
export interface ProviderSummary {
  detection: ProviderDetectionView;
  /** Empty when the product is not installed. */
  variants: ProviderVariantView[];
  /**
   * True when choosing another variant means switching the product's own setting (and restarting
   * it); false for the plain engine, whose variants are Mountbench's way of serving a bind mount.
   */
  switches: boolean;
}

/** The dry run of one settings switch (the core's ApplyPlan is this type). */
export interface ApplyPlanView {
  variant: string;
  /** False when the product already runs this variant: apply is a no-op. */
  changes: boolean;
  /** The product (its VM, all its containers) restarts. */
  restarts: boolean;
  /** Setting paths and values that will be written, in the product's words. */
  writes: { key: string; from: unknown; to: unknown }[];
  /** Rough wall time of stop + start + ready, for the proposal only. */
  estimatedSeconds: number;
  notes: string[];
}

/** A sweep's dry run as the dashboard shows it: nothing has changed when it arrives. */
export interface SweepProposalView {
  provider: ProviderDetectionView;
  variants: { id: string; label: string; plan: ApplyPlanView | null; blocker?: string }[];
  unavailable: { id: string; label: string; reason: string }[];
  /** Backend ids and labels the sweep will measure. */
  backends: { id: string; label: string }[];
  restarts: boolean;
  /** The user's running containers that the restart stops, by name. */
  containersToStop: string[];
  /** Rough: restarts plus measured time; for planning, not a promise. */
  estimatedSeconds: number;
  /** Why the sweep cannot start (a bad settings file…): it refuses while there is any. */
  blockers: string[];
  notes: string[];
}

/** What a running sweep reports (the core's SweepEvent is this type). */
export type SweepProgress =
  | { type: 'journal'; file: string }
  | {
      type: 'variant';
      variant: string;
      /** The variant in the product's words ("VZ + VirtioFS"), for people; `variant` is its id. */
      label: string;
      phase: 'apply' | 'wait' | 'verify' | 'measure' | 'done' | 'skipped';
      message?: string;
    }
  | { type: 'progress'; message: string }
  | { type: 'run'; variant: string; event: RunEvent }
  | { type: 'restore'; phase: 'started' | 'done' | 'failed'; message?: string };

export interface VariantOutcomeView {
  variant: string;
  ok: boolean;
  fsType: string | null;
  reported: string | null;
  message?: string;
}

/** A sweep's end, as the dashboard hears it. */
export interface SweepFinish {
  status: RunFile['status'];
  variants: VariantOutcomeView[];
  /** The saved result file's id (History/Results), or null when nothing was measured or failed. */
  runId: string | null;
  restored: boolean;
  restoreError?: string;
  /** Set when the sweep stopped before switching anything (refused, or a journal left unfinished). */
  error?: SerializedError;
}

/** A sweep job's payload on the job stream (shared/jobs.ts): every event names its sweep. */
export type SweepEvent =
  ({ sweepId: string } & SweepProgress) | { type: 'sweep-done'; sweepId: string; finish: SweepFinish };

/**
 * An apply job's payload on the job stream (shared/jobs.ts): every event names its apply. The
 * product's waiting lines are `progress`, as a sweep's are, so the throttle keeps only the latest of
 * any job's without knowing its kind; the end is `apply-done`, as every kind's is `<kind>-done`.
 * These events are read only through `foldApplyEvent` below (the dashboard and the CLI alike).
 */
export type ApplyEvent =
  /** A step; `restore` says why it did not take. */
  | { type: 'apply'; applyId: string; phase: Exclude<ApplyPhase, 'progress'>; message?: string }
  | { type: 'progress'; applyId: string; message: string }
  /** The end: `result` says how it went; `error` when it stopped before it could say (refused). */
  | { type: 'apply-done'; applyId: string; result: ApplyResult | null; error?: SerializedError };

/** Where "Apply this setting" is: a step, or `progress` while it waits for the product. */
export type ApplyPhase = 'backup' | 'apply' | 'wait' | 'verify' | 'progress' | 'restore';

/** An apply followed from its events: its latest step (or waiting line) and how it ended. */
export interface ApplyProgress {
  applyId: string;
  step: { phase: ApplyPhase; message: string | null } | null;
  result: ApplyResult | null;
  /** Why it stopped before it could say how it went (a journal left unfinished…). */
  error: SerializedError | null;
  ended: boolean;
}

export function emptyApplyProgress(applyId: string): ApplyProgress {
  return { applyId, step: null, result: null, error: null, ended: false };
}

/** Folds one of an apply's events in; the one reader of `ApplyEvent`'s shapes. */
export function foldApplyEvent(progress: ApplyProgress, event: ApplyEvent): ApplyProgress {
  switch (event.type) {
    case 'apply':
      return { ...progress, step: { phase: event.phase, message: event.message ?? null } };
    case 'progress':
      return { ...progress, step: { phase: 'progress', message: event.message } };
    case 'apply-done':
      return { ...progress, result: event.result, error: event.error ?? null, ended: true };
  }
}

/** The dry run of "Apply this setting". */
export interface ApplyProposal {
  provider: ProviderDetectionView;
  variant: { id: string; label: string };
  plan: ApplyPlanView;
  /** The user's running containers the restart stops, by name. */
  containersToStop: string[];
  notes: string[];
}

/** How "Apply this setting" ended. */
export interface ApplyResult {
  /** applied: switched and verified, left there; unchanged: it was already set; failed: originals put back. */
  status: 'applied' | 'unchanged' | 'failed';
  provider: ProviderId;
  variant: string;
  /** What happened, in words for the user. */
  message: string;
  /** Copies of the settings files as they were before (kept after success, for going back by hand). */
  backups: string[];
  /** The journal of this apply (null when nothing was changed). */
  journal: string | null;
  fsType: string | null;
  reported: string | null;
  /** After a failure: were the original settings put back? */
  restored: boolean;
  restoreError?: string;
}

/**
 * Whether a sweep of these settings measures each twice, A B … B A: by default whenever there are
 * two or more settings to draw a verdict between; a request may turn it off (`reversePass: false`).
 */
export function bracketed(request: { reversePass?: boolean }, settings: number): boolean {
  return request.reversePass !== false && settings > 1;
}
