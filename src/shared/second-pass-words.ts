// A bracketed sweep's result shows its first pass's figures, and the comparison pools both passes
// (core/compare/rows-from-run.ts): the runs cell says both, so the table and the answer's "20
// samples each" never seem to disagree.
import type { WorkloadResult } from './result-schema';

/** " + 10 in the second pass", or nothing for a result measured once. */
export function secondPassWords(r: Pick<WorkloadResult, 'passCheck'>): string {
  const runs = r.passCheck?.second.runs;
  return runs ? ` + ${runs} in the second pass` : '';
}
