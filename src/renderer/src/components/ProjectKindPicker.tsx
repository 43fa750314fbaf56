// "What kind of project": picks the workloads a kind of project waits on (shared/project-kinds.ts)
// in one click, and marks the kind "My project" looks like, with the file that says so. The
// default is the published write-ups' set; a kind replaces the ticked workloads, which stay
// editable below.
import {
  PROJECT_KIND_IDS,
  PROJECT_KINDS,
  kindWorkloads,
  type ProjectKindId,
} from '../../../shared/project-kinds';
import type { WorkloadInfo } from '../../../shared/api';

interface Props {
  /** The workloads the core offers (a kind runs only those). */
  workloads: readonly WorkloadInfo[];
  chosen: ProjectKindId | null;
  /** The kind the picked project folder looks like, and why; null when none is picked or nothing says. */
  suggested: { id: ProjectKindId; reason: string } | null;
  onChoose(kind: ProjectKindId | null): void;
}

export function ProjectKindPicker({ workloads, chosen, suggested, onChoose }: Props) {
  const titles = new Map(workloads.map((w) => [w.id as string, w.title]));
  const offered = workloads.map((w) => w.id);
  return (
    <fieldset className="choices" data-testid="project-kind-picker">
      <legend>What kind of project</legend>
      {suggested && chosen !== suggested.id && (
        <p className="note" data-testid="project-kind-suggestion">
          Your project looks like: {PROJECT_KINDS[suggested.id].label} ({suggested.reason}).{' '}
          <button type="button" className="link" onClick={() => onChoose(suggested.id)}>
            Measure what it waits on
          </button>
        </p>
      )}
      <label className="choice">
        <input
          type="radio"
          name="project-kind"
          checked={chosen === null}
          onChange={() => onChoose(null)}
          data-testid="project-kind-none"
        />
        <span>
          <span className="choice-title">The published workloads</span>
          <span className="choice-detail">
            the set the 2017–2022 write-ups measured: small files, dd, a site build…
          </span>
        </span>
      </label>
      {PROJECT_KIND_IDS.map((id) => {
        const kind = PROJECT_KINDS[id];
        const runs = kindWorkloads(id, offered);
        return (
          <label key={id} className="choice">
            <input
              type="radio"
              name="project-kind"
              checked={chosen === id}
              disabled={runs.length === 0}
              onChange={() => onChoose(id)}
              data-testid={`project-kind-${id}`}
            />
            <span>
              <span className="choice-title">{kind.label}</span>
              {suggested?.id === id && (
                <span className="badge" data-testid={`project-kind-suggested-${id}`}>
                  {' '}
                  looks like your project
                </span>
              )}
              <span className="choice-detail">
                {kind.description}
                {runs.length > 0
                  ? `: ${runs.map((w) => titles.get(w) ?? w).join(', ')}`
                  : ' (not offered by this core)'}
              </span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
