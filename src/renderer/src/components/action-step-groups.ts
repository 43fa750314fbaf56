// How a recommendation's steps are laid out: only what the user does (a setting, a command, a file)
// is numbered; notes (a lead-in such as "Or, with Docker Desktop quit:", a caveat about a key) stand
// between the numbered runs as plain text, so "step 6" is never a remark. Order is the core's.
import type { ActionStep } from '../../../shared/recommendation';

/** A step the user carries out (numbered), as against a note. */
export type DoStep = Exclude<ActionStep, { kind: 'note' }>;

export type ActionStepGroup =
  | { kind: 'notes'; texts: string[] }
  /** `start` is the first step's number; `index` is the step's place in the core's list (test ids). */
  | {
      kind: 'numbered';
      start: number;
      steps: { step: DoStep; index: number }[];
    };

export function groupActionSteps(steps: readonly ActionStep[]): ActionStepGroup[] {
  const groups: ActionStepGroup[] = [];
  let number = 1;
  steps.forEach((step, index) => {
    const last = groups[groups.length - 1];
    if (step.kind === 'note') {
      if (last?.kind === 'notes') last.texts.push(step.text);
      else groups.push({ kind: 'notes', texts: [step.text] });
      return;
    }
    if (last?.kind === 'numbered') last.steps.push({ step, index });
    else groups.push({ kind: 'numbered', start: number, steps: [{ step, index }] });
    number += 1;
  });
  return groups;
}
