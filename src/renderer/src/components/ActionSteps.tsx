// What the user does to apply a recommendation: settings (where, key, value), commands and files
// to copy, and notes, in the order the core gave them.
import type { ActionStep } from '../../../shared/recommendation';
import { CopyButton } from './CopyButton';

function settingText(step: Extract<ActionStep, { kind: 'setting' }>): string {
  return `${step.key} = ${JSON.stringify(step.value)}`;
}

export function ActionSteps({ steps }: { steps: ActionStep[] }) {
  if (steps.length === 0) return null;
  return (
    <ol className="steps" data-testid="recommendation-steps">
      {steps.map((step, i) => (
        <li key={i} className={`step step-${step.kind}`}>
          {step.kind === 'note' && <p>{step.text}</p>}
          {step.kind === 'setting' && (
            <>
              <p>
                In <code>{step.where}</code>, set:
              </p>
              <div className="snippet">
                <pre>{settingText(step)}</pre>
                <CopyButton text={settingText(step)} testId={`copy-step-${i}`} />
              </div>
            </>
          )}
          {step.kind === 'command' && (
            <>
              <p>{step.why}</p>
              <div className="snippet">
                <pre>{step.command}</pre>
                <CopyButton text={step.command} testId={`copy-step-${i}`} />
              </div>
            </>
          )}
          {step.kind === 'file' && (
            <>
              <p>
                <code>{step.name}</code>: {step.why}
              </p>
              <div className="snippet">
                <pre>{step.text}</pre>
                <CopyButton text={step.text} testId={`copy-step-${i}`} />
              </div>
            </>
          )}
        </li>
      ))}
    </ol>
  );
}
