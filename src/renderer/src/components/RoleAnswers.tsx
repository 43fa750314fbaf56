// Where each kind of file should live: the source tree (bind mount or sync) and container-only
// data (volume, tmpfs for scratch), each with its own verdict in the words every view uses
// (shared/verdict-words.ts) and how many samples the answer rests on.
import type { RoleAnswer } from '../../../shared/recommendation';
import { roleAnswerLine } from '../../../shared/verdict-words';

function samplesText(samples: RoleAnswer['samples']): string {
  if (!samples) return '';
  const n = samples.min === samples.max ? `${samples.min}` : `${samples.min}–${samples.max}`;
  return ` (rests on ${n} samples per backend and workload)`;
}

export function RoleAnswers({ roles }: { roles: readonly RoleAnswer[] }) {
  return (
    <ul className="plain role-answers" data-testid="role-answers">
      {roles.map((answer) => (
        <li key={answer.role} data-testid={`role-${answer.role}`} data-verdict={answer.verdict}>
          {roleAnswerLine(answer)}
          {answer.verdict === 'not-decided' && '; run again with a longer time budget to decide'}
          {samplesText(answer.samples)}
        </li>
      ))}
    </ul>
  );
}
