// A MountbenchApi in memory for renderer tests, answering with what the real core answered
// (recorded-api-data.ts, recorded-runs.ts). It is a unit-test double of the transports, which are
// tested against the real core elsewhere. Runs replay a recorded event stream when the test says so.
import type { ProjectInspection } from '../../../shared/project';
import type { ExportFormat, MountbenchApi, RunSummary } from '../../../shared/api';
import type { ComparisonRow, MachineRatio } from '../../../shared/comparison';
import { MountbenchError } from '../../../shared/errors';
import type { RunFile } from '../../../shared/result-schema';
import type { RunEvent } from '../../../shared/run-events';
import type { RunRequest } from '../../../shared/run-plan';
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
import type {
  ActiveApply,
  ApplyEvent,
  ApplyResult,
  SweepEvent,
  SweepProposalView,
} from '../../../shared/sweep';
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

export interface FakeApi extends MountbenchApi {
  calls: { method: string; args: unknown[] }[];
  /** Sends events to every listener, as the core pushes them. */
  emit(events: readonly RunEvent[]): void;
  stored: Map<string, RunFile>;
  active: string[];
  listeners: Set<(event: RunEvent) => void>;
  /** What runs.start answers; null: it fails with `startError`. */
  nextRunId: string | null;
  startError: MountbenchError;
  /** Sends sweep events to every listener. */
  emitSweep(events: readonly SweepEvent[]): void;
  sweepListeners: Set<(event: SweepEvent) => void>;
  /** What sweeps.start answers; null: it fails with `startError`. */
  nextSweepId: string | null;
  activeSweeps: string[];
  /** What applies.start answers; its events (`applyEvents`, then `apply-done` with `applyResult`) follow on a later turn, as the core sends them. */
  nextApplyId: string;
  applyResult: ApplyResult;
  applyEvents: ApplyEvent[];
  /** True: the apply's events stop before `apply-done` (the test sends it). */
  holdApply: boolean;
  activeApplies: ActiveApply[];
  emitApply(events: readonly ApplyEvent[]): void;
  applyListeners: Set<(event: ApplyEvent) => void>;
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
  } = {},
): FakeApi {
  const calls: FakeApi['calls'] = [];
  const stored = new Map((overrides.runs ?? [runFileOf(QUICK_RUN)]).map((r) => [r.id, r]));
  const hyperfineRows: ComparisonRow[] = [];
  const listeners = new Set<(event: RunEvent) => void>();
  const sweepListeners = new Set<(event: SweepEvent) => void>();
  const applyListeners = new Set<(event: ApplyEvent) => void>();
  const log = (method: string, ...args: unknown[]) => calls.push({ method, args });
  const find = (runId: string) => {
    const run = stored.get(runId);
    if (!run) throw new MountbenchError('IO', `no stored run ${runId}`);
    return run;
  };

  const fake: FakeApi = {
    calls,
    stored,
    listeners,
    active: [],
    nextRunId: QUICK_RUN[0].runId,
    startError: new MountbenchError(
      'ENGINE_UNREACHABLE',
      'Cannot connect to the Docker daemon: is it running?',
    ),
    emit(events) {
      for (const event of events) for (const listener of [...listeners]) listener(event);
    },
    sweepListeners,
    nextSweepId: 'sweep-1',
    activeSweeps: [],
    nextApplyId: 'apply-1',
    applyResult: structuredClone(APPLY_FAILED),
    applyEvents: structuredClone(APPLY_EVENTS),
    holdApply: false,
    activeApplies: [],
    applyListeners,
    emitApply(events) {
      for (const event of events) for (const listener of [...applyListeners]) listener(event);
    },
    proposal: structuredClone(SWEEP_PROPOSAL),
    emitSweep(events) {
      for (const event of events) for (const listener of [...sweepListeners]) listener(event);
    },
    providers: {
      list: async () => (log('providers.list'), structuredClone(overrides.providers ?? PROVIDERS)),
      planApply: async (provider, variant) => (
        log('providers.planApply', provider, variant),
        structuredClone(APPLY_PROPOSAL)
      ),
    },
    applies: {
      async start(provider, variant) {
        log('applies.start', provider, variant);
        const applyId = fake.nextApplyId;
        setTimeout(() => {
          fake.emitApply(fake.applyEvents.map((e) => ({ ...e, applyId })));
          if (!fake.holdApply)
            fake.emitApply([{ type: 'apply-done', applyId, result: structuredClone(fake.applyResult) }]);
        });
        return { applyId };
      },
      async cancel(applyId) {
        log('applies.cancel', applyId);
      },
      active: async () => (log('applies.active'), structuredClone(fake.activeApplies)),
      onEvent(listener, { signal }) {
        log('applies.onEvent');
        if (signal.aborted) return;
        applyListeners.add(listener);
        signal.addEventListener('abort', () => applyListeners.delete(listener), { once: true });
      },
    },
    sweeps: {
      propose: async (request) => (log('sweeps.propose', request), structuredClone(fake.proposal)),
      async start(request) {
        log('sweeps.start', request);
        if (fake.nextSweepId === null) throw fake.startError;
        return { sweepId: fake.nextSweepId };
      },
      async cancel(sweepId) {
        log('sweeps.cancel', sweepId);
      },
      active: async () => (log('sweeps.active'), [...fake.activeSweeps]),
      onEvent(listener, { signal }) {
        log('sweeps.onEvent');
        if (signal.aborted) return;
        sweepListeners.add(listener);
        signal.addEventListener('abort', () => sweepListeners.delete(listener), { once: true });
      },
    },
    app: { info: async () => (log('app.info'), structuredClone(APP_INFO)) },
    engines: {
      list: async () => (log('engines.list'), structuredClone(overrides.engines ?? ENGINES)),
      // What the real core answered for the recorded machine's local engine (a bind mount on ext4).
      fsSeen: async (engineName: string) => (
        log('engines.fsSeen', engineName),
        { engine: engineName, fsType: 'ext4', reason: null }
      ),
    },
    workloads: { list: async () => (log('workloads.list'), structuredClone(WORKLOADS)) },
    mounts: { list: async () => (log('mounts.list'), structuredClone(overrides.mounts ?? MOUNTS)) },
    projects: {
      async inspect(folder: string) {
        log('projects.inspect', folder);
        if (overrides.project?.folder !== folder)
          throw new MountbenchError('BAD_INPUT', `${folder} does not exist`);
        return structuredClone(overrides.project);
      },
      pick: async () => (log('projects.pick'), null),
      recent: async () => (log('projects.recent'), overrides.project ? [overrides.project.folder] : []),
    },
    runs: {
      async start(request: RunRequest) {
        log('runs.start', request);
        if (fake.nextRunId === null) throw fake.startError;
        return { runId: fake.nextRunId };
      },
      async cancel(runId) {
        log('runs.cancel', runId);
      },
      active: async () => (log('runs.active'), [...fake.active]),
      onEvent(listener, { signal }) {
        log('runs.onEvent');
        if (signal.aborted) return;
        listeners.add(listener);
        signal.addEventListener('abort', () => listeners.delete(listener), { once: true });
      },
    },
    results: {
      list: async () => (log('results.list'), [...stored.values()].map(summary)),
      get: async (runId) => (log('results.get', runId), structuredClone(find(runId))),
      async delete(runId) {
        log('results.delete', runId);
        find(runId);
        stored.delete(runId);
      },
      async import(fileName, text) {
        log('results.import', fileName, text);
        const known = IMPORT_ERRORS[fileName];
        if (known) throw new MountbenchError('FILE_INVALID', known);
        const run = JSON.parse(text) as RunFile;
        const status = stored.has(run.id) ? 'already-imported' : 'imported';
        stored.set(run.id, run);
        return { id: run.id, status };
      },
      // The real conversion is the core's (import-hyperfine.test.ts); the fake stores one recorded
      // row under a new id, labelled as asked and marked as imported, so the page has a row to show.
      async importHyperfine(file, text, details) {
        log('results.importHyperfine', file, text, details);
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
      async export(runId, format: ExportFormat) {
        log('results.export', runId, format);
        find(runId);
        const suffix = { json: '.json', hyperfine: '.hyperfine.json', csv: '.csv', markdown: '.md' }[format];
        return {
          fileName: `mountbench-${runId}${suffix}`,
          mimeType: 'text/plain',
          text: `${format} of ${runId}`,
        };
      },
      published: async () => (log('results.published'), structuredClone(PUBLISHED_ROWS)),
      machineRatios: async (runIds, keys) => (
        log('results.machineRatios', runIds, keys),
        structuredClone(overrides.machineRatios ?? [])
      ),
      rows: async (runIds) => (
        log('results.rows', runIds),
        [...QUICK_RUN_ROWS, ...hyperfineRows].filter(
          (r) => r.source.kind === 'measured' && runIds.includes(r.source.runId),
        )
      ),
    },
    recommend: {
      async forRuns(runIds, profile, includePublished) {
        log('recommend.forRuns', runIds, profile, includePublished);
        runIds.forEach(find);
        return structuredClone(QUICK_RUN_RECOMMENDATIONS[profile] ?? []);
      },
    },
  };
  return fake;
}
