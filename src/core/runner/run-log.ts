// What a run gathers as it goes (results, errors, skips, races, the backends that failed), and the
// one place its events and errors leave from.
import { macConditionsReader, type PowerConditionsReader } from '../machine/power-conditions';
import { serializeError } from '../../shared/errors';
import type { WorkloadId } from '../../shared/ids';
import type { RaceSummary, RunFile, WorkloadResult } from '../../shared/result-schema';
import type { RunEvent } from '../../shared/run-events';
import { explainEngineError } from './engine-errors';
import type { RunContext } from './run-context';

/** What a run gathers as it goes, and the one place events and errors leave from. */
export class RunLog {
  readonly results: WorkloadResult[] = [];
  readonly errors: RunFile['errors'] = [];
  readonly skipped: NonNullable<RunFile['skipped']> = [];
  readonly races: RaceSummary['workloads'] = [];
  readonly failedBackends = new Set<string>();
  /** Own images (tools) that could not be got: their workloads run on the host baseline only. */
  readonly missingImages = new Set<string>();
  /** Owners (host:pid) of other runs seen measuring while this one did. */
  readonly concurrent = new Set<string>();
  /** A Mac's power and thermal conditions, read beside each timed sample; null elsewhere. */
  readonly power: PowerConditionsReader | null;
  completed = 0;

  constructor(private readonly ctx: Pick<RunContext, 'runId' | 'engine' | 'env' | 'onEvent'>) {
    this.power = macConditionsReader(ctx.env ?? process.env);
  }

  emit(event: RunEvent): void {
    try {
      this.ctx.onEvent(event);
    } catch {
      // A listener's bug must not break the measurement.
    }
  }

  error(err: unknown, backendId: string | null, workloadId: WorkloadId | null): void {
    const error = serializeError(explainEngineError(err, this.ctx.engine?.endpoint ?? null));
    this.errors.push({
      ...error,
      ...(backendId ? { backendId } : {}),
      ...(workloadId ? { workloadId } : {}),
    });
    if (backendId) this.failedBackends.add(backendId);
    this.emit({ type: 'error', runId: this.ctx.runId, backendId, workloadId, error });
  }
}
