// Progress of a run, pushed to whoever started it (CLI progress line, IPC, WebSocket).
// Every event carries `runId` so several listeners can share one stream.
import type { SerializedError } from './errors';
import type { PullProgress } from './pull-progress';
import type { Backend, RunFile, WorkloadResult } from './result-schema';
import type { WorkloadId } from './ids';

export type RunPhase = 'image' | 'container' | 'fixture' | 'calibrate' | 'warmup' | 'timed' | 'cleanup';

export type RunEvent =
  | {
      type: 'planned';
      runId: string;
      backends: Backend[];
      workloads: WorkloadId[];
      /**
       * Warm-up plus timed executions the whole run makes at least. A race or an adaptive run may
       * go past it, up to `maxExecutions` (see shared/progress.ts for how progress uses both).
       */
      totalExecutions: number;
      /** The most executions the run may make (absent from cores before it was sent). */
      maxExecutions?: number;
      /** Per workload, in the run's order: the least and the most executions over its backends. */
      workloadPlan?: { workloadId: WorkloadId; least: number; most: number }[];
    }
  | ({ type: 'image-progress'; runId: string; image: string } & PullProgress)
  /** Something a workload fetches once before its fixture can be laid (npm-install's package cache). */
  | {
      type: 'fetch-progress';
      runId: string;
      workloadId: WorkloadId;
      what: string;
      done: number;
      total: number;
    }
  | { type: 'backend-started'; runId: string; backendId: string }
  | {
      type: 'phase';
      runId: string;
      backendId: string;
      workloadId: WorkloadId | null;
      phase: RunPhase;
    }
  | {
      type: 'sample';
      runId: string;
      backendId: string;
      workloadId: WorkloadId;
      /** Which result of a several-result workload (buffered-read's `128`), else null. */
      workloadCase: string | null;
      /** 0-based among the runs of its kind. */
      index: number;
      warmup: boolean;
      seconds: number;
      /** Executions finished so far in the whole run, warm-up included. */
      completedExecutions: number;
    }
  | { type: 'workload-done'; runId: string; result: WorkloadResult }
  | { type: 'backend-done'; runId: string; backendId: string; ok: boolean }
  | {
      type: 'error';
      runId: string;
      backendId: string | null;
      workloadId: WorkloadId | null;
      error: SerializedError;
    }
  /**
   * The answer is out: the last workload is measured and the run is stored under its id (`runId`,
   * as `results.get` reads it), before the clean-up (containers, volumes, shares, fixtures). A page
   * opens the answer now instead of waiting out the clean-up; `run-done` still ends the job, with
   * the clean-up's errors. Absent when the run could not be stored, and for a sweep's runs (its
   * answer waits for the settings to be put back).
   */
  | { type: 'run-answered'; runId: string; status: RunFile['status'] }
  | { type: 'run-done'; runId: string; status: RunFile['status']; run: RunFile };

export type RunEventListener = (event: RunEvent) => void;
