// Which workloads to run, each with its fixture size for the chosen preset.
import type { WorkloadInfo } from '../../../shared/api';
import type { SizeName, WorkloadId } from '../../../shared/ids';

interface Props {
  workloads: WorkloadInfo[];
  chosen: WorkloadId[];
  size: SizeName;
  onToggle(id: WorkloadId): void;
}

export function WorkloadPicker({ workloads, chosen, size, onToggle }: Props) {
  return (
    <fieldset className="choices">
      <legend>Workloads</legend>
      {workloads.map((w) => (
        <label key={w.id} className="choice">
          <input
            type="checkbox"
            checked={chosen.includes(w.id)}
            onChange={() => onToggle(w.id)}
            data-testid={`workload-checkbox-${w.id}`}
          />
          <span>
            <span className="choice-title">{w.title}</span>{' '}
            <span className="size" data-testid={`workload-size-${w.id}`}>
              {w.sizeWords[size]}
            </span>
            <span className="choice-detail">{w.description}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
