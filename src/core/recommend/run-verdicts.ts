// The verdicts a run's file carries beside its results, drawn from them: the dependency-folder
// split (your project with its dependencies in a volume, against all of it on the bind mount) and
// npm-install's layouts. Added by whoever starts the run (core/app's run job, a sweep's merge), so
// the runner measures and knows nothing of verdicts.
import type { RunFile, WorkloadResult } from '../../shared/result-schema';
import { dependencySplits } from './dependency-split';
import { npmLayoutVerdict } from './npm-layout-verdict';

export type RunVerdicts = Pick<RunFile, 'dependencySplit' | 'npmLayouts'>;

export function runVerdicts(results: readonly WorkloadResult[]): RunVerdicts {
  const splits = dependencySplits(results);
  const npmLayouts = npmLayoutVerdict(results);
  return {
    ...(splits.length ? { dependencySplit: splits } : {}),
    ...(npmLayouts ? { npmLayouts } : {}),
  };
}
