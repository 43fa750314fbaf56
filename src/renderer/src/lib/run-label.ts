// A stored run in a few words, so runs can be told apart wherever they are listed (History, the
// Results and Compare pickers): what it compared and what won, not only the machine and a time,
// which every run on one machine shares.
import type { RunSummary } from '../../../shared/api';

/** Backends named before "+ n more". */
const NAMED_BACKENDS = 3;

/** "bind mount · native vs named volume vs host (no container) · 3 workloads", or "nothing ran". */
export function comparedWords(run: Pick<RunSummary, 'backends' | 'workloads' | 'resultCount'>): string {
  if (run.resultCount === 0 || run.backends.length === 0) return 'nothing ran';
  const named = run.backends.slice(0, NAMED_BACKENDS).join(' vs ');
  const more = run.backends.length > NAMED_BACKENDS ? ` + ${run.backends.length - NAMED_BACKENDS} more` : '';
  const workloads = run.workloads.length === 1 ? run.workloads[0] : `${run.workloads.length} workloads`;
  return `${named}${more} · ${workloads}`;
}

/** "bind mount · native won", "equivalent", "not decided yet"; null without a winner. */
export function wonWords(run: Pick<RunSummary, 'winner'>): string | null {
  const winner = run.winner;
  if (!winner) return null;
  if (winner.state === 'decided') return `${winner.label} won`;
  if (winner.state === 'tie') return 'equivalent';
  return 'not decided yet';
}

/** What it compared, then what won: "bind mount · native vs tmpfs · dd-write — tmpfs won". */
export function runLabel(run: Pick<RunSummary, 'backends' | 'workloads' | 'resultCount' | 'winner'>): string {
  const won = run.resultCount > 0 ? wonWords(run) : null;
  return won ? `${comparedWords(run)} — ${won}` : comparedWords(run);
}

/** A run in which nothing ran has nothing to compare: listed in History (marked), not offered to Compare. */
export const isEmptyRun = (run: Pick<RunSummary, 'resultCount'>): boolean => run.resultCount === 0;
