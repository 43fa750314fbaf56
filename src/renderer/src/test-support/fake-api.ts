// A MountbenchApi in memory for renderer tests, answering with what the real core answered
// (recorded-api-data.ts, recorded-runs.ts). It is a unit-test double of the transports, which are
// tested against the real core elsewhere. Runs replay a recorded event stream when the test says so.
// Its methods are built from the one channel list (shared/api-client.ts): the fake answers the calls
// it has a recorded answer for (a test may give others, or replace one, through `answers`), and a
// call it has no answer for fails, naming the channel.
import { TEAM_VIEW } from './recorded-team-view';
import type { ProjectInspection } from '../../../shared/project';
import type { ExportFormat, MountbenchApi, RunSummary } from '../../../shared/api';
import type { ApiMethod } from '../../../shared/api-calls';
import type { ApiChannel, EventDomain } from '../../../shared/api-channels';
import { apiFromCall, subscriptionsFrom, type ApiEvent, type ApiSubscribe } from '../../../shared/api-client';
import type { ComparisonRow, MachineRatio } from '../../../shared/comparison';
import { MountbenchError } from '../../../shared/errors';
import type { ProviderId } from '../../../shared/ids';
import type { ActiveJob, JobEvent, JobKind, JobRequest } from '../../../shared/jobs';
import type { RunFile } from '../../../shared/result-schema';
import type { RunEvent } from '../../../shared/run-events';
import {
  APP_INFO,
  ENGINES,
  IMPORT_ERRORS,
  PUBLISHED_ROWS,
  QUICK_RUN_RECOMMENDATIONS,
  QUICK_RUN_ROWS,
  WORKLOADS,
  MOUNTS,
} from './recorded-api-data';
import { QUICK_RUN } from './recorded-runs';
import type { ApplyEvent, ApplyResult, SweepEvent, SweepProposalView } from '../../../shared/sweep';
import { APPLY_EVENTS, APPLY_FAILED, APPLY_PROPOSAL, PROVIDERS, SWEEP_PROPOSAL } from './recorded-sweep-data';

export function runFileOf(events: readonly RunEvent[]): RunFile {
  const done = events.at(-1);
  if (done?.type !== 'run-done') throw new Error('the recorded stream does not end with run-done');
  return done.run;
}

function summary(run: RunFile): RunSummary {
  return {
    id: run.id,
    createdAt: run.createdAt,
    status: run.status,
    machineLabel: `${run.machine.chip} · ${run.machine.arch}`,
    engineName: run.engine?.name ?? null,
    backends: [...new Set(run.results.map((r) => r.backend.label))],
    workloads: [...new Set(run.results.map((r) => r.workload.id))],
    resultCount: run.results.length,
    errorCount: run.errors.length,
    finishedAt: run.finishedAt,
    sizes: [...new Set(run.results.map((r) => r.workload.size))],
    ...fakeMarks(run),
  };
}

/**
 * The core's winner and "imported" mark (core/store/run-summary.ts, tested there), stood in for:
 * the recorded Balanced answer for the recorded Quick run, and another chip meaning another machine.
 */
function fakeMarks(run: RunFile): Pick<RunSummary, 'winner' | 'imported'> {
  const rec = run.id === runFileOf(QUICK_RUN).id ? QUICK_RUN_RECOMMENDATIONS.balanced[0] : null;
  const winner = rec?.choice
    ? {
        state: 'decided' as const,
        label: rec.choice.label,
        roles: [{ role: 'source-tree' as const, state: 'decided' as const, label: rec.choice.label }],
      }
    : null;
  const imported = run.origin
    ? ('hyperfine' as const)
    : run.machine.chip !== APP_INFO.machine.chip
      ? ('another machine' as const)
      : undefined;
  return { winner, ...(imported ? { imported } : {}) };
}

/** The fake's answer per channel, as the method it stands for. */
export type FakeAnswers = { [C in ApiChannel]?: ApiMethod<C> };

export interface FakeApi extends MountbenchApi {
  calls: { method: string; args: unknown[] }[];
  /** Sends events to every listener, as the core pushes them. */
  /** Sends run events to every listener of the job stream, each in its job's envelope. */
  emit(events: readonly RunEvent[]): void;
  stored: Map<string, RunFile>;
  active: string[];
  /** The listeners of the one job stream. */
  listeners: Set<(event: JobEvent) => void>;
  /** What runs.start answers; null: it fails with `startError`. */
  nextRunId: string | null;
  startError: MountbenchError;
  /** Sends sweep events to every listener. */
  emitSweep(events: readonly SweepEvent[]): void;
  /** What sweeps.start answers; null: it fails with `startError`. */
  nextSweepId: string | null;
  activeSweeps: string[];
  /** What applies.start answers; its events (`applyEvents`, then `apply-done` with `applyResult`) follow on a later turn, as the core sends them. */
  nextApplyId: string;
  applyResult: ApplyResult;
  applyEvents: ApplyEvent[];
  /** True: the apply's events stop before `apply-done` (the test sends it). */
  holdApply: boolean;
  activeApplies: { applyId: string; provider: ProviderId; variant: string }[];
  emitApply(events: readonly ApplyEvent[]): void;
  /** What sweeps.propose answers. */
  proposal: SweepProposalView;
}

export function createFakeApi(
  overrides: {
    engines?: typeof ENGINES;
    runs?: RunFile[];
    mounts?: typeof MOUNTS;
    providers?: typeof PROVIDERS;
    /** What inspecting a folder answers (from the real core); omitted: every folder is refused. */
    project?: ProjectInspection;
    /** What machine against machine answers (the real core's words are tested in core/compare). */
    machineRatios?: MachineRatio[];
    /** Answers of the test's own, by channel: added to the recorded ones, or in their place. */
    answers?: FakeAnswers;
  } = {},
): FakeApi {
  const calls: FakeApi['calls'] = [];
  const stored = new Map((overrides.runs ?? [runFileOf(QUICK_RUN)]).map((r) => [r.id, r]));
  const hyperfineRows: ComparisonRow[] = [];
  const listeners = new Set<(event: JobEvent) => void>();
  const log = (method: string, ...args: unknown[]) => calls.push({ method, args });
  const find = (runId: string) => {
    const run = stored.get(runId);
    if (!run) throw new MountbenchError('IO', `no stored run ${runId}`);
    return run;
  };

  const recorded: FakeAnswers = {
    'app:info': async () => structuredClone(APP_INFO),
    'engines:list': async () => structuredClone(overrides.engines ?? ENGINES),
    // What the real core answered for the recorded machine's local engine (a bind mount on ext4).
    'engines:fsSeen': async (engineName) => ({ engine: engineName, fsType: 'ext4', reason: null }),
    'workloads:list': async () => structuredClone(WORKLOADS),
    'mounts:list': async () => structuredClone(overrides.mounts ?? MOUNTS),
    'projects:inspect': async (folder) => {
      if (overrides.project?.folder !== folder)
        throw new MountbenchError('BAD_INPUT', `${folder} does not exist`);
      return structuredClone(overrides.project);
    },
    'projects:pick': async () => null,
    'projects:recent': async () => (overrides.project ? [overrides.project.folder] : []),
    'jobs:start': async (job) => {
      switch (job.kind) {
        case 'run':
          if (fake.nextRunId === null) throw fake.startError;
          return { jobId: fake.nextRunId };
        case 'sweep':
          if (fake.nextSweepId === null) throw fake.startError;
          return { jobId: fake.nextSweepId };
        case 'apply': {
          const applyId = fake.nextApplyId;
          setTimeout(() => {
            fake.emitApply(fake.applyEvents.map((e) => ({ ...e, applyId })));
            if (!fake.holdApply)
              fake.emitApply([{ type: 'apply-done', applyId, result: structuredClone(fake.applyResult) }]);
          });
          return { jobId: applyId };
        }
      }
    },
    'jobs:cancel': async () => undefined,
    'jobs:active': async () => [
      ...fake.active.map((jobId) => ({ jobId, kind: 'run' as const, label: 'a run' })),
      ...fake.activeSweeps.map((jobId) => ({ jobId, kind: 'sweep' as const, label: 'a sweep' })),
      ...fake.activeApplies.map(({ applyId, provider, variant }) => ({
        jobId: applyId,
        kind: 'apply' as const,
        label: 'an apply',
        provider,
        variant,
      })),
    ],
    'providers:list': async () => structuredClone(overrides.providers ?? PROVIDERS),
    'providers:planApply': async () => structuredClone(APPLY_PROPOSAL),
    'sweeps:propose': async () => structuredClone(fake.proposal),
    'results:list': async () => [...stored.values()].map(summary),
    'results:get': async (runId) => structuredClone(find(runId)),
    'results:delete': async (runId) => {
      find(runId);
      stored.delete(runId);
    },
    'results:import': async (fileName, text) => {
      const known = IMPORT_ERRORS[fileName];
      if (known) throw new MountbenchError('FILE_INVALID', known);
      const run = JSON.parse(text) as RunFile;
      const status = stored.has(run.id) ? 'already-imported' : 'imported';
      stored.set(run.id, run);
      return { id: run.id, status };
    },
    // The real conversion is the core's (import-hyperfine.test.ts); the fake stores one recorded
    // row under a new id, labelled as asked and marked as imported, so the page has a row to show.
    'results:importHyperfine': async (_file, _text, details) => {
      const id = `hyperfine-${hyperfineRows.length + 1}`;
      const [row] = structuredClone(QUICK_RUN_ROWS);
      hyperfineRows.push({
        ...row,
        source: {
          kind: 'measured',
          runId: id,
          createdAt: row.source.kind === 'measured' ? row.source.createdAt : '',
          importedFrom: 'hyperfine',
        },
        backend: { ...row.backend, key: `hyperfine/${id}/${details.mount}`, label: details.backendLabel },
      });
      return { id, status: 'imported' };
    },
    'results:export': async (runId, format: ExportFormat) => {
      find(runId);
      const suffix = { json: '.json', hyperfine: '.hyperfine.json', csv: '.csv', markdown: '.md' }[format];
      return {
        fileName: `mountbench-${runId}${suffix}`,
        mimeType: 'text/plain',
        text: `${format} of ${runId}`,
      };
    },
    'results:published': async () => structuredClone(PUBLISHED_ROWS),
    'results:machineRatios': async () => structuredClone(overrides.machineRatios ?? []),
    'results:rows': async (runIds) =>
      [...QUICK_RUN_ROWS, ...hyperfineRows].filter(
        (r) => r.source.kind === 'measured' && runIds.includes(r.source.runId),
      ),
    'recommend:forRuns': async (runIds, profile) => {
      runIds.forEach(find);
      return structuredClone(QUICK_RUN_RECOMMENDATIONS[profile] ?? []);
    },
    // Whatever folder is named, the recorded planted dataset (recorded-team-view.ts).
    'team:view': async () => structuredClone(TEAM_VIEW),
  };
  const answers: FakeAnswers = { ...recorded, ...overrides.answers };
  const streams: { [D in EventDomain]: Set<(event: ApiEvent<D>) => void> } = { jobs: listeners };
  const emitJobs = (events: readonly JobEvent[]) => {
    for (const event of events) for (const listener of [...listeners]) listener(event);
  };

  // A job's start and cancel are logged a second time under its kind (`runs.start` with the
  // request, `applies.start` with provider and variant, `sweeps.cancel` with the id), so a view's
  // test reads what the page asked for without unpacking the envelope.
  const kindOf = new Map<string, JobKind>();
  const KIND_LOG = { run: 'runs', sweep: 'sweeps', apply: 'applies' } as const;
  const logJob = (channel: ApiChannel, args: unknown[]) => {
    if (channel === 'jobs:start') {
      const job = args[0] as JobRequest;
      log(
        `${KIND_LOG[job.kind]}.start`,
        ...(job.kind === 'apply' ? [job.provider, job.variant] : [job.request]),
      );
    }
    const kind = channel === 'jobs:cancel' ? kindOf.get(args[0] as string) : undefined;
    if (kind) log(`${KIND_LOG[kind]}.cancel`, args[0]);
  };
  const remember = (jobs: readonly ActiveJob[]) => jobs.forEach((job) => kindOf.set(job.jobId, job.kind));

  // Every call is logged as `domain.action` with its arguments, then answered by its channel's row.
  const api = apiFromCall(
    async (channel, args) => {
      log(channel.replace(':', '.'), ...args);
      logJob(channel, args);
      const answer = answers[channel] as ((...a: typeof args) => Promise<unknown>) | undefined;
      if (!answer) throw new MountbenchError('INTERNAL', `the fake API has no answer for ${channel}`);
      const value: unknown = await answer(...args);
      if (channel === 'jobs:start')
        kindOf.set((value as { jobId: string }).jobId, (args[0] as JobRequest).kind);
      if (channel === 'jobs:active') remember(value as ActiveJob[]);
      return value as never;
    },
    subscriptionsFrom(<D extends EventDomain>(domain: D) => {
      const set = streams[domain] as Set<(event: ApiEvent<D>) => void>;
      const subscribe = (listener: (event: ApiEvent<D>) => void, { signal }: { signal: AbortSignal }) => {
        log(`${domain}.onEvent`);
        if (signal.aborted) return;
        set.add(listener);
        signal.addEventListener('abort', () => set.delete(listener), { once: true });
      };
      return subscribe as ApiSubscribe<D>;
    }),
  );

  const fake: FakeApi = {
    ...api,
    calls,
    stored,
    listeners,
    active: [],
    nextRunId: QUICK_RUN[0].runId,
    startError: new MountbenchError(
      'ENGINE_UNREACHABLE',
      'Cannot connect to the Docker daemon: is it running?',
    ),
    emit: (events) => emitJobs(events.map((event) => ({ jobId: event.runId, kind: 'run', event }))),
    nextSweepId: 'sweep-1',
    activeSweeps: [],
    nextApplyId: 'apply-1',
    applyResult: structuredClone(APPLY_FAILED),
    applyEvents: structuredClone(APPLY_EVENTS),
    holdApply: false,
    activeApplies: [],
    emitApply: (events) => emitJobs(events.map((event) => ({ jobId: event.applyId, kind: 'apply', event }))),
    proposal: structuredClone(SWEEP_PROPOSAL),
    emitSweep: (events) => emitJobs(events.map((event) => ({ jobId: event.sweepId, kind: 'sweep', event }))),
  };
  return fake;
}
