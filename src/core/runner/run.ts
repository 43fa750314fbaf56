// Executes a run: every backend in turn, every workload on it, streaming events as it goes. A
// failing backend or workload is recorded and the run goes on; a cancel stops at once. Whatever
// happens, every container, volume, FUSE mount and fixture the run made is removed before it returns.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type Dockerode from 'dockerode';
import { MountbenchError, serializeError } from '../../shared/errors';
import { MOUNTBENCH_NAME_PREFIX, type SyncMountKind, type WorkloadId } from '../../shared/ids';
import type {
  Backend,
  EngineInfo,
  MachineInfo,
  RunFile,
  WorkloadResult,
} from '../../shared/result-schema';
import type { RunEvent } from '../../shared/run-events';
import type { RunRequest } from '../../shared/run-plan';
import { dockerEngineBindShare } from '../providers/docker-engine';
import type { BindShare } from '../providers/provider-variant';
import { resolveWorkload } from '../workloads/registry';
import type { Workload } from '../workloads/workload';
import { ContainerExecutor } from './container-executor';
import type { BackendExecutor } from './executor';
import { HostExecutor } from './host-executor';
import { SyncedExecutor } from './synced-executor';
import { requireSyncTools, type SyncTools } from '../sync/availability';
import { explainEngineError } from './engine-errors';
import { ensureImage } from './image';
import { claimRunDir } from './leftovers';
import { measureWorkload, plannedExecutions } from './measure';
import { appStamp } from '../app-version';

export interface RunContext {
  runId: string;
  request: RunRequest;
  backends: Backend[];
  /** Null when only the host baseline runs. */
  docker: Dockerode | null;
  engine: EngineInfo | null;
  image: string;
  machine: MachineInfo;
  appVersion: string;
  /** True only for the CLI: a custom command from the dashboard never runs on the host. */
  allowHostCommands: boolean;
  /** Mountbench's cache folder; the run works in `runs/<runId>` below it. */
  cacheDir: string;
  /** The environment sync tools run with (PATH finds them); default: this process's. */
  env?: NodeJS.ProcessEnv;
  /** Sync tools found when the run was prepared; looked up on `env`'s PATH when absent. */
  syncTools?: SyncTools;
  signal: AbortSignal;
  onEvent(event: RunEvent): void;
  /**
   * Awaited before `run-done` is emitted (the app layer saves the run here), so whoever hears
   * `run-done` finds the result stored.
   */
  beforeDone?(run: RunFile): Promise<void>;
}

export function runWorkDir(cacheDir: string, runId: string): string {
  return join(cacheDir, 'runs', runId);
}

async function bindShareFor(backend: Backend, dir: string): Promise<BindShare> {
  // Only the plain engine makes its own variants; other providers' variants are settings of the
  // product, switched before the run, so their bind mounts are plain folders here.
  if (backend.provider === 'docker-engine') return dockerEngineBindShare(backend.variant ?? 'native', dir);
  return { hostRoot: join(dir, 'data'), source: join(dir, 'data'), release: async () => {} };
}

/** The run's environment, pointing sync tools at the engine the bench containers run on. */
function syncToolEnv(ctx: RunContext): NodeJS.ProcessEnv {
  const env = { ...(ctx.env ?? process.env) };
  const endpoint = ctx.engine?.endpoint ?? '';
  if (/^(unix|tcp|npipe):\/\//.test(endpoint)) {
    env.DOCKER_HOST = endpoint;
    delete env.DOCKER_CONTEXT;
  }
  return env;
}

async function syncExecutable(ctx: RunContext, mount: SyncMountKind): Promise<string> {
  return ctx.syncTools?.[mount] ?? (await requireSyncTools([mount], ctx.env ?? process.env))[mount]!;
}

async function createExecutor(
  ctx: RunContext,
  backend: Backend,
  index: number,
  image = ctx.image,
  suffix = '',
): Promise<BackendExecutor> {
  const dir = join(runWorkDir(ctx.cacheDir, ctx.runId), `backend-${index}${suffix}`);
  if (backend.mount === 'host') return new HostExecutor(dir);
  if (!ctx.docker) throw new MountbenchError('ENGINE_NOT_FOUND', `${backend.label} needs a Docker engine`);
  const name = `${MOUNTBENCH_NAME_PREFIX}${ctx.runId}-${index}${suffix}`;
  const base = { docker: ctx.docker, image, name, runId: ctx.runId, signal: ctx.signal };
  switch (backend.mount) {
    case 'bind': {
      const share = await bindShareFor(backend, dir);
      return ContainerExecutor.start({
        ...base,
        mount: { kind: 'bind', source: share.source, hostRoot: share.hostRoot },
        release: async () => {
          await share.release();
          await rm(dir, { recursive: true, force: true });
        },
      });
    }
    case 'volume':
      return ContainerExecutor.start({ ...base, mount: { kind: 'volume', volumeName: name } });
    case 'tmpfs':
      return ContainerExecutor.start({ ...base, mount: { kind: 'tmpfs' } });
    case 'layer':
      return ContainerExecutor.start({ ...base, mount: { kind: 'layer' } });
    case 'mutagen':
    case 'docker-sync':
      return SyncedExecutor.start({
        ...base,
        tool: backend.mount,
        executable: await syncExecutable(ctx, backend.mount),
        env: syncToolEnv(ctx),
        dir,
      });
  }
}

export async function executeRun(ctx: RunContext): Promise<RunFile> {
  const { runId, request, backends, signal } = ctx;
  const createdAt = new Date().toISOString();
  const results: WorkloadResult[] = [];
  const errors: RunFile['errors'] = [];
  const emit = (event: RunEvent) => {
    try {
      ctx.onEvent(event);
    } catch {
      // A listener's bug must not break the measurement.
    }
  };
  const recordError = (err: unknown, backendId: string | null, workloadId: WorkloadId | null) => {
    const error = serializeError(explainEngineError(err, ctx.engine?.endpoint ?? null));
    errors.push({ ...error, ...(backendId ? { backendId } : {}), ...(workloadId ? { workloadId } : {}) });
    emit({ type: 'error', runId, backendId, workloadId, error });
  };
  const workloadOf = (workloadId: WorkloadId): Workload =>
    resolveWorkload(workloadId, request.custom, { allowHostCommands: ctx.allowHostCommands });
  const executionsOf = (workloadId: WorkloadId) =>
    plannedExecutions(workloadOf(workloadId), request.size, request);
  const skipReason = (backend: Backend, workloadId: WorkloadId) =>
    workloadOf(workloadId).unsupportedOn?.(backend.mount) ?? null;
  // The custom workload may bring its own image: it then gets its own container on each backend.
  const customImage = request.workloads.includes('custom') ? request.custom?.image : undefined;
  const skipped: NonNullable<RunFile['skipped']> = [];
  let totalExecutions = 0;
  for (const backend of backends) {
    for (const workloadId of request.workloads) {
      const reason = skipReason(backend, workloadId);
      if (reason) skipped.push({ backendId: backend.id, workloadId, reason });
      else totalExecutions += executionsOf(workloadId);
    }
  }
  emit({ type: 'planned', runId, backends, workloads: request.workloads, totalExecutions });

  let completed = 0;
  try {
    await claimRunDir(runWorkDir(ctx.cacheDir, runId));
    if (ctx.docker && backends.some((b) => b.mount !== 'host')) {
      const docker = ctx.docker;
      for (const image of new Set([ctx.image, ...(customImage ? [customImage] : [])])) {
        await ensureImage(docker, image, signal, (p) =>
          emit({ type: 'image-progress', runId, image, status: p.status, fraction: p.fraction }),
        );
      }
    }
    for (const [index, backend] of backends.entries()) {
      if (signal.aborted) break;
      emit({ type: 'backend-started', runId, backendId: backend.id });
      emit({ type: 'phase', runId, backendId: backend.id, workloadId: null, phase: 'container' });
      let executor: BackendExecutor | null = null;
      let ok = true;
      try {
        executor = await createExecutor(ctx, backend, index);
        for (const workloadId of request.workloads) {
          if (signal.aborted) break;
          if (skipReason(backend, workloadId)) continue;
          const before = completed;
          let ownExecutor: BackendExecutor | null = null;
          try {
            if (workloadId === 'custom' && customImage && backend.mount !== 'host') {
              ownExecutor = await createExecutor(ctx, backend, index, customImage, '-custom');
            }
            const workloadResults = await measureWorkload(
              ownExecutor ?? executor,
              backend,
              workloadOf(workloadId),
              request.size,
              request,
              {
                signal,
                phase: (phase) => emit({ type: 'phase', runId, backendId: backend.id, workloadId, phase }),
                sample: (workloadCase, i, warmup, seconds) =>
                  emit({
                    type: 'sample',
                    runId,
                    backendId: backend.id,
                    workloadId,
                    workloadCase,
                    index: i,
                    warmup,
                    seconds,
                    completedExecutions: ++completed,
                  }),
              },
            );
            for (const result of workloadResults) {
              results.push(result);
              emit({ type: 'workload-done', runId, result });
            }
          } catch (err) {
            if (signal.aborted) throw err;
            ok = false;
            // Progress must still reach 100 % when a workload fails part-way.
            completed = Math.max(completed, before + executionsOf(workloadId));
            recordError(err, backend.id, workloadId);
          } finally {
            if (ownExecutor)
              await ownExecutor.dispose().catch((err: unknown) => recordError(err, backend.id, workloadId));
          }
        }
      } catch (err) {
        if (!signal.aborted) {
          ok = false;
          recordError(err, backend.id, null);
        }
      } finally {
        emit({ type: 'phase', runId, backendId: backend.id, workloadId: null, phase: 'cleanup' });
        if (executor) await executor.dispose().catch((err: unknown) => recordError(err, backend.id, null));
      }
      emit({ type: 'backend-done', runId, backendId: backend.id, ok: ok && !signal.aborted });
    }
  } catch (err) {
    if (!signal.aborted) recordError(err, null, null);
  } finally {
    await rm(runWorkDir(ctx.cacheDir, runId), { recursive: true, force: true }).catch((err: unknown) =>
      recordError(err, null, null),
    );
  }

  if (signal.aborted) recordError(new MountbenchError('CANCELLED', 'the run was cancelled'), null, null);
  const status: RunFile['status'] = signal.aborted
    ? 'cancelled'
    : results.length === 0 && errors.length
      ? 'failed'
      : 'completed';
  const run: RunFile = {
    schema: 'mountbench-run',
    version: 1,
    id: runId,
    createdAt,
    finishedAt: new Date().toISOString(),
    status,
    app: appStamp(ctx.appVersion),
    machine: ctx.machine,
    engine: ctx.engine,
    image: ctx.docker ? ctx.image : null,
    results,
    errors,
    ...(skipped.length ? { skipped } : {}),
  };
  await ctx.beforeDone?.(run);
  emit({ type: 'run-done', runId, status, run });
  return run;
}
