// Switches the results view to another stored run.
import { dateTimeWords } from '../lib/dates';
import { useSlice } from '../stores/StoresContext';

function optionWords(createdAt: string, machine: string, status: string): string {
  const when = dateTimeWords(createdAt);
  return `${when} · ${machine}${status === 'completed' ? '' : ` · ${status}`}`;
}

export function RunPicker({ current, onOpen }: { current: string | null; onOpen(runId: string): void }) {
  const runs = useSlice(
    (s) => s.history,
    (s) => s.runs,
  );
  if (runs.length === 0) return null;
  return (
    <label className="inline run-picker">
      Run{' '}
      <select
        value={current ?? ''}
        onChange={(e) => e.target.value && onOpen(e.target.value)}
        data-testid="results-run-select"
      >
        {current === null && <option value="">Choose a stored run…</option>}
        {current !== null && !runs.some((r) => r.id === current) && (
          <option value={current}>{current}</option>
        )}
        {runs.map((r) => (
          <option key={r.id} value={r.id}>
            {optionWords(r.createdAt, r.machineLabel, r.status)}
          </option>
        ))}
      </select>
    </label>
  );
}
