// The winner a stored run names in the History list: the Balanced profile's answer, the one the
// Results view opens with, so the list and the verdict strip never disagree. A run whose race
// stopped before it told the backends apart has no winner yet, as on the strip.
import type { RunWinner } from '../../shared/api';
import { undecidedRaceWorkloads } from '../../shared/race-undecided';
import type { RunFile } from '../../shared/result-schema';
import { rowsFromRun } from '../compare/rows-from-run';
import { profileByName, recommend } from '../recommend';

export function runWinner(run: RunFile): RunWinner | null {
  if (run.results.length === 0) return null;
  let rec;
  try {
    rec = recommend(rowsFromRun(run), profileByName('balanced'));
  } catch {
    // A run the ranking refuses (nothing it can score) simply names no winner in a list.
    return null;
  }
  if (!rec.choice || rec.verdict === 'no-data') return null;
  const label = rec.choice.label;
  // A race stopped at its cap or budget settles nothing, a tie included.
  const open = undecidedRaceWorkloads(run).length > 0;
  if (rec.verdict === 'no-measurable-difference' && !open) return { state: 'tie', label };
  if (rec.verdict === 'winner' && !open) return { state: 'decided', label };
  return { state: 'undecided', label };
}
