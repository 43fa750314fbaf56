// The run's file, from what its log gathered: the status, the results with the warnings that look
// across them (the host baseline's check, mixed power, another run measuring at the same time),
// the race's summary, and whatever verdicts whoever started the run adds (RunContext.verdicts).
import type { RaceSummary, RunFile, WorkloadResult } from '../../shared/result-schema';
import { flagMixedPower } from '../machine/power-warnings';
import { appStamp } from '../app-version';
import { perLookAlpha, racePolicy } from '../stats/race';
import { checkHostBaseline } from './baseline-check';
import type { RunContext } from './run-context';
import type { RunLog } from './run-log';

/**
 * Two benchmarks at once are warned about, not locked out: the user may mean it (two engines, a
 * quick look while a long run goes on), but every figure of either is then slower than alone.
 */
function withConcurrencyWarning(results: WorkloadResult[], owners: ReadonlySet<string>): WorkloadResult[] {
  if (!owners.size) return results;
  const pids = [...owners].map((o) => o.slice(o.lastIndexOf(':') + 1)).join(', ');
  const warning =
    `another Mountbench run (process ${pids}) was measuring on this machine at the same time: the two shared ` +
    'the disk and the CPU, so these figures are slower than this machine alone gives; run one benchmark at a time';
  return results.map((r) => ({ ...r, warnings: [...r.warnings, warning] }));
}

function raceSummary(ctx: Pick<RunContext, 'request'>, log: RunLog): RaceSummary | null {
  if (!ctx.request.race) return null;
  const policy = racePolicy(ctx.request);
  return {
    rule: { ...policy, perLookAlpha: perLookAlpha(policy) },
    ...(ctx.request.budgetSeconds ? { budgetSeconds: ctx.request.budgetSeconds } : {}),
    workloads: log.races,
  };
}

/** The run's file from what the log gathered; its errors are copied, as the clean-up may add more. */
/** What the file is made of: the plan, whether an engine ran, and the verdicts drawn from it. */
type RunFileSources = Pick<
  RunContext,
  'request' | 'runId' | 'appVersion' | 'machine' | 'engine' | 'docker' | 'image' | 'verdicts'
>;

export function runFileOf(ctx: RunFileSources, log: RunLog, createdAt: string, cancelled: boolean): RunFile {
  const status: RunFile['status'] = cancelled
    ? 'cancelled'
    : log.results.length === 0 && log.errors.length
      ? 'failed'
      : 'completed';
  const race = raceSummary(ctx, log);
  const results = flagMixedPower(
    withConcurrencyWarning(checkHostBaseline(log.results, ctx.engine), log.concurrent),
  );
  return {
    schema: 'mountbench-run',
    version: 1,
    id: ctx.runId,
    createdAt,
    finishedAt: new Date().toISOString(),
    status,
    app: appStamp(ctx.appVersion),
    machine: ctx.machine,
    engine: ctx.engine,
    image: ctx.docker ? ctx.image : null,
    results,
    errors: [...log.errors],
    ...(log.skipped.length ? { skipped: log.skipped } : {}),
    ...(race ? { race } : {}),
    ...ctx.verdicts?.(results),
  };
}
