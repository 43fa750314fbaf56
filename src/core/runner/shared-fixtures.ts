// One host copy of a read-only fixture per run, for every bind-type backend (issue 22, item 4).
// Laying 20,000 small files costs the same on every backend, and a bind mount's files live on the
// host whatever the share does with them: so a workload that only reads (`readsOnly`) is laid once
// under the run's folder and bind-mounted, through each backend's own share, into every bind
// backend's container. Each backend still checks the fixture and reads its own fs type
// (workload-lane.ts); a workload that writes lays its own folder per backend, as before.
import { join } from 'node:path';
import type { WorkloadId } from '../../shared/ids';
import type { RunRequest } from '../../shared/run-plan';
import { resolveWorkload } from '../workloads/registry';
import type { Backend } from '../../shared/result-schema';
import type { FixtureSpec } from '../fixtures/fixture-spec';
import { writeHostFixture } from '../fixtures/write-host-fixture';

/** The run's shared fixtures live here, beside the backends' own folders. */
export function sharedFixturesRoot(runDir: string): string {
  return join(runDir, 'shared');
}

/**
 * A backend whose workload folder can be a host folder the run lays once: a bind mount, unless
 * the dependency split puts part of the project in a volume (that project is laid per backend).
 */
export function takesSharedFixtures(backend: Backend): boolean {
  return backend.mount === 'bind' && !backend.dependencyVolume;
}

/** The workloads of a run whose fixture is laid once and shared: read-only, with a fixture. */
export function sharedFixtureWorkloads(request: Pick<RunRequest, 'workloads' | 'size'>): WorkloadId[] {
  // The user's own project is never shared: what its command writes is unknown.
  return request.workloads
    .filter((id) => id !== 'custom')
    .map((id) => resolveWorkload(id, undefined, { allowHostCommands: false }))
    .filter(
      (w) =>
        (w.kind === 'script' || w.kind === 'parallel') && w.readsOnly && w.fixture(request.size) !== null,
    )
    .map((w) => w.id);
}

/** Lays a fixture into a folder that already exists (it may be bind-mounted already). */
export type LayHostFixture = (root: string, spec: FixtureSpec, signal: AbortSignal) => Promise<void>;

const layForReal: LayHostFixture = (root, spec, signal) => writeHostFixture(root, spec, { signal });

/**
 * The run's shared fixtures: each laid at most once, whoever asks first (a lane, or the runner
 * laying ahead while containers start); everyone else waits for that same lay. A failed lay stays
 * failed for the run, so every backend that needed it reports it instead of laying it again.
 */
export class SharedFixtures {
  private readonly lays = new Map<WorkloadId, Promise<void>>();
  private ahead: Promise<void> = Promise.resolve();

  constructor(
    readonly root: string,
    private readonly lay: LayHostFixture = layForReal,
  ) {}

  /** The host folder of a shared workload: the same for every backend of the run. */
  folder(workloadId: WorkloadId): string {
    return join(this.root, workloadId);
  }

  ensure(workloadId: WorkloadId, fixture: FixtureSpec, signal: AbortSignal): Promise<void> {
    let pending = this.lays.get(workloadId);
    if (!pending) {
      pending = this.lay(this.folder(workloadId), fixture, signal);
      this.lays.set(workloadId, pending);
    }
    return pending;
  }

  /**
   * Lays these one after another, in the run's order, without waiting (the runner starts the
   * containers meanwhile). Errors surface to the lanes that await the same lay, not here.
   */
  layAhead(fixtures: readonly { workloadId: WorkloadId; fixture: FixtureSpec }[], signal: AbortSignal): void {
    this.ahead = (async () => {
      for (const { workloadId, fixture } of fixtures) {
        if (signal.aborted) return;
        await this.ensure(workloadId, fixture, signal).catch(() => {});
      }
    })();
  }

  /** Waits for every lay started, whatever its outcome: nothing writes into the run's folder after. */
  async settled(): Promise<void> {
    await this.ahead;
    await Promise.allSettled(this.lays.values());
  }
}
