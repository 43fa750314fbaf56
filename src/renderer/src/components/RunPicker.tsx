// Switches the results view to another stored run, each named by what it compared and what won
// (the machine too when the runs come from more than one).
import type { RunSummary } from '../../../shared/api';
import { dateTimeWords } from '../lib/dates';
import { runLabel } from '../lib/run-label';
import { useSlice } from '../stores/StoresContext';

function optionWords(run: RunSummary, withMachine: boolean): string {
  const machine = withMachine ? ` · ${run.machineLabel}` : '';
  const status = run.status === 'completed' ? '' : ` · ${run.status}`;
  return `${dateTimeWords(run.createdAt)} · ${runLabel(run)}${machine}${status}`;
}

export function RunPicker({ current, onOpen }: { current: string | null; onOpen(runId: string): void }) {
  const runs = useSlice(
    (s) => s.history,
    (s) => s.runs,
  );
  if (runs.length === 0) return null;
  const machines = new Set(runs.map((r) => r.machineKey ?? r.machineLabel));
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
            {optionWords(r, machines.size > 1)}
          </option>
        ))}
      </select>
    </label>
  );
}
