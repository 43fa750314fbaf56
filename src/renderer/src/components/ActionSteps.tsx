// What the user does to apply a recommendation: settings (where, key, value), commands and files
// to copy, numbered; notes between them unnumbered (action-step-groups.ts), in the core's order.
import type { ActionStep } from '../../../shared/recommendation';
import { groupActionSteps, type DoStep } from './action-step-groups';
import { CopyButton } from './CopyButton';

function settingText(step: Extract<ActionStep, { kind: 'setting' }>): string {
  return `${step.key} = ${JSON.stringify(step.value)}`;
}

function StepBody({ step, index }: { step: DoStep; index: number }) {
  const [lead, text] =
    step.kind === 'setting'
      ? [
          <>
            In <code>{step.where}</code>, set:
          </>,
          settingText(step),
        ]
      : step.kind === 'command'
        ? [<>{step.why}</>, step.command]
        : [
            <>
              <code>{step.name}</code>: {step.why}
            </>,
            step.text,
          ];
  return (
    <>
      <p>{lead}</p>
      <div className="snippet">
        <pre>{text}</pre>
        <CopyButton text={text} testId={`copy-step-${index}`} />
      </div>
    </>
  );
}

export function ActionSteps({ steps }: { steps: ActionStep[] }) {
  if (steps.length === 0) return null;
  return (
    <div className="steps-block" data-testid="recommendation-steps">
      {groupActionSteps(steps).map((group, g) =>
        group.kind === 'notes' ? (
          <div key={g} className="step-notes">
            {group.texts.map((text, i) => (
              <p key={i} className="step-note">
                {text}
              </p>
            ))}
          </div>
        ) : (
          <ol key={g} className="steps" start={group.start}>
            {group.steps.map(({ step, index }) => (
              <li key={index} className={`step step-${step.kind}`}>
                <StepBody step={step} index={index} />
              </li>
            ))}
          </ol>
        ),
      )}
    </div>
  );
}
