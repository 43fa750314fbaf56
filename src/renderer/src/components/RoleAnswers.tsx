// Where each kind of file should live: the source tree (bind mount or sync) and container-only
// data (volume, tmpfs for scratch), each with how many samples the answer rests on.
import type { RoleAnswer } from '../../../shared/recommendation';
import { ROLE_LABELS } from '../../../shared/roles';

function samplesText(samples: RoleAnswer['samples']): string {
  if (!samples) return '';
  const n = samples.min === samples.max ? `${samples.min}` : `${samples.min}–${samples.max}`;
  return ` (rests on ${n} samples per backend and workload)`;
}

export function RoleAnswers({ roles }: { roles: readonly RoleAnswer[] }) {
  return (
    <ul className="plain role-answers" data-testid="role-answers">
      {roles.map((answer) => (
        <li key={answer.role} data-testid={`role-${answer.role}`}>
          <strong>{ROLE_LABELS[answer.role]}</strong>:{' '}
          {answer.verdict === 'not-decided'
            ? `not decided yet between ${answer.tied.map((b) => b.label).join(', ')}; run again with a longer time budget to decide`
            : answer.choice
              ? answer.choice.label
              : 'nothing measured'}
          {samplesText(answer.samples)}
        </li>
      ))}
    </ul>
  );
}
