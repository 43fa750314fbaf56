// The winner a stored run names in the History list: the Balanced profile's answer, the one the
// Results view opens with, so the list and the verdict strip never disagree. One answer per role
// (the source tree and container-only data are never ranked against each other), the main role
// first: a tmpfs 2.3 × faster than the bind mount wins container-only data, not the source tree,
// and a bind mount alone in its role is its only option, not its winner. A run whose race ran out
// of its time budget before it told the backends apart has no winner yet, as on the strip.
import type { RoleWinner, RunWinner } from '../../shared/api';
import { undecidedRaceWorkloads } from '../../shared/race-undecided';
import type { RoleAnswer } from '../../shared/recommendation';
import type { RunFile } from '../../shared/result-schema';
import { tieDrift, winnerState } from '../../shared/verdict-words';
import { rowsFromRun } from '../compare/rows-from-run';
import { profileByName, recommend } from '../recommend';

function roleWinner(answer: RoleAnswer, open: boolean): RoleWinner | null {
  if (!answer.choice || answer.verdict === 'no-data') return null;
  const state = winnerState(answer.verdict, open);
  return { role: answer.role, state, label: answer.choice.label, ...tieDrift(answer, state) };
}

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
  // A race whose time budget ran out settles nothing in its role, a tie included.
  const open = (role: RoleAnswer['role'] | undefined) => undecidedRaceWorkloads(run, role).length > 0;
  const roles = (rec.roles ?? []).flatMap((a) => roleWinner(a, open(a.role)) ?? []);
  const main = roles.find((r) => r.role === rec.role);
  const ordered = main ? [main, ...roles.filter((r) => r !== main)] : roles;
  return { state: winnerState(rec.verdict, open(rec.role)), label: rec.choice.label, roles: ordered };
}
