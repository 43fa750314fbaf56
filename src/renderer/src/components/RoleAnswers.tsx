// Where each kind of file should live: the source tree (bind mount or sync) and container-only
// data (volume, tmpfs for scratch), each with its own verdict in the words every view uses
// (shared/verdict-words.ts) and how many samples the answer rests on.
import type { RoleAnswer } from '../../../shared/recommendation';
import type { Role } from '../../../shared/roles';
import { roleAnswerLine } from '../../../shared/verdict-words';

function samplesText(samples: RoleAnswer['samples']): string {
  if (!samples) return '';
  const n = samples.min === samples.max ? `${samples.min}` : `${samples.min}–${samples.max}`;
  return ` (rests on ${n} samples per backend and workload)`;
}

interface Props {
  roles: readonly RoleAnswer[];
  /** Roles whose race ran out of its time budget: not decided, whatever the ranking says. */
  openRoles?: readonly Role[];
}

export function RoleAnswers({ roles, openRoles = [] }: Props) {
  return (
    <ul className="plain role-answers" data-testid="role-answers">
      {roles.map((answer) => (
        <li key={answer.role} data-testid={`role-${answer.role}`} data-verdict={answer.verdict}>
          {roleAnswerLine(answer, openRoles.includes(answer.role))}
          {answer.verdict === 'not-decided' && '; run again with a longer time budget to decide'}
          {samplesText(answer.samples)}
        </li>
      ))}
    </ul>
  );
}
