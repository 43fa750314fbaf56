// Which setting wins on how many machines, per role: the same answer each machine's own Results
// view gives for its latest run (the Balanced profile).
import { ROLES } from '../../../shared/roles';
import type { WinnerCount } from '../../../shared/team-view';
import { roleTitle, winnerWordsFor } from '../lib/team-words';

export function TeamWinners({ winners, testId }: { winners: WinnerCount[]; testId: string }) {
  if (winners.length === 0)
    return (
      <p className="note" data-testid={`${testId}-none`}>
        No machine’s latest run names a winner yet.
      </p>
    );
  return (
    <div data-testid={testId}>
      {ROLES.filter((role) => winners.some((w) => w.role === role)).map((role) => (
        <div key={role} className="team-winners-role">
          <h4>{roleTitle(role)}</h4>
          <ul>
            {winners
              .filter((w) => w.role === role)
              .map((w) => (
                <li key={`${w.state}-${w.label}`} data-testid={`${testId}-item`}>
                  {winnerWordsFor(w)}
                </li>
              ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
