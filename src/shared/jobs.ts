// One envelope for every kind of long work (a run, a sweep, an apply, and any kind added later):
// started by one call with a request naming its kind, cancelled and listed by id, and followed on
// one stream whose every event names its job and carries that kind's own typed payload (the live
// chart needs a run's samples as they are). A kind's payload keeps its own end event (`run-done`,
// `sweep-done`, `apply-done`), which says how it ended. This file is the one place a kind's payload
// type is tied to its kind (`JobPayloads`); the registry, the throttle, the push, the bridge and the
// stores take it from here and need not name any kind's events.
import type { ProviderId } from './ids';
import type { RunEvent } from './run-events';
import type { RunRequest } from './run-plan';
import type { ApplyEvent, SweepEvent, SweepRequest } from './sweep';

export const JOB_KINDS = ['run', 'sweep', 'apply'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/** What `jobs.start` is asked to do. */
export type JobRequest =
  | { kind: 'run'; request: RunRequest }
  | { kind: 'sweep'; request: SweepRequest }
  /** Switch the product to `variant` and leave it there once verified ("Apply this setting"). */
  | { kind: 'apply'; provider: ProviderId; variant: string };

/** What each kind's events carry; each payload names its job too (runId, sweepId, applyId). */
export interface JobPayloads {
  run: RunEvent;
  sweep: SweepEvent;
  apply: ApplyEvent;
}

/** One event of the one job stream. */
export type JobEvent = { [K in JobKind]: { jobId: string; kind: K; event: JobPayloads[K] } }[JobKind];

/** The event of a job of kind `K`. */
export type JobEventOf<K extends JobKind> = Extract<JobEvent, { kind: K }>;

/** A job in progress, as `jobs.active()` lists it, so a reloaded dashboard can show it again. */
export type ActiveJob =
  | { jobId: string; kind: 'run'; label: string }
  | { jobId: string; kind: 'sweep'; label: string }
  | { jobId: string; kind: 'apply'; label: string; provider: ProviderId; variant: string };

/** Each kind's end event is `<kind>-done` (`run-done`, `sweep-done`, `apply-done`). */
export type JobEndType<K extends JobKind> = `${K}-done`;

/**
 * Proof, checked by the compiler, that every kind's payload has its `<kind>-done` event and names
 * its job by the field in `PAYLOAD_JOB_ID`: a kind added without them does not compile.
 */
type EveryKindEnds = {
  [K in JobKind]: Extract<JobPayloads[K], { type: JobEndType<K> }> extends never ? K : never;
}[JobKind];
const everyKindEnds: [EveryKindEnds] extends [never] ? true : never = true;
void everyKindEnds;

/** The field by which each kind's payload names its job (the job's id). */
export const PAYLOAD_JOB_ID = { run: 'runId', sweep: 'sweepId', apply: 'applyId' } as const satisfies {
  [K in JobKind]: keyof JobPayloads[K];
};

/** The job a payload of kind `kind` belongs to. */
export function payloadJobId<K extends JobKind>(kind: K, payload: JobPayloads[K]): string {
  return (payload as unknown as Record<string, string>)[PAYLOAD_JOB_ID[kind]];
}

/** Whether a payload of kind `kind` is its job's last. */
export function isPayloadEnd<K extends JobKind>(kind: K, payload: JobPayloads[K]): boolean {
  return payload.type === `${kind}-done`;
}

/** Whether the event is its job's last (the kind's own end event). */
export function isJobEnd(event: JobEvent): boolean {
  return isPayloadEnd(event.kind, event.event);
}
