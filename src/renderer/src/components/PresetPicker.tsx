import { BUDGET_MINUTES, PRESET_IDS, PRESETS, type BudgetMinutes, type PresetId } from '../lib/presets';

interface Props {
  value: PresetId;
  onChange(preset: PresetId): void;
  budget: BudgetMinutes;
  onBudget(minutes: BudgetMinutes): void;
  /** Each preset's estimated time for the workloads and backends chosen now; null before any are. */
  times: Record<PresetId, string> | null;
  /** The plan is a sweep: its settings are measured a fixed number of times, with no early stop. */
  sweep?: boolean;
}

export function PresetPicker({ value, onChange, budget, onBudget, times, sweep = false }: Props) {
  return (
    <fieldset className="presets">
      <legend>How thorough</legend>
      {PRESET_IDS.map((id) => (
        <label key={id} className={`preset ${id === value ? 'chosen' : ''}`}>
          <input
            type="radio"
            name="preset"
            value={id}
            checked={id === value}
            onChange={() => onChange(id)}
            data-testid={`preset-${id}`}
          />
          <span className="preset-label">{PRESETS[id].label}</span>
          <span className="preset-summary">
            {PRESETS[id].summary}
            {times && (
              <>
                {' '}
                · <span data-testid={`preset-time-${id}`}>about {times[id]} here</span>
              </>
            )}
          </span>
        </label>
      ))}
      {sweep && (
        <p className="note preset-wide" data-testid="preset-sweep-note">
          Comparing settings measures each backend {PRESETS[value].counts.runs} times after{' '}
          {PRESETS[value].counts.warmup} warm-up under every setting, with no early stop: each setting costs a
          restart, so the runs are fixed before it starts.
        </p>
      )}
      {PRESETS[value].counts.race && !sweep && (
        <div className="budget preset-wide">
          <label className="inline">
            Answer within{' '}
            <select
              value={budget ?? ''}
              onChange={(e) => onBudget(e.target.value ? (Number(e.target.value) as BudgetMinutes) : null)}
              data-testid="budget-select"
            >
              {BUDGET_MINUTES.map((m) => (
                <option key={m ?? 'none'} value={m ?? ''}>
                  {m === null ? 'no limit' : `${m} minutes`}
                </option>
              ))}
            </select>
          </label>
          <p className="note">
            When time runs out first, the result says which comparisons are decided and which are not.
          </p>
        </div>
      )}
    </fieldset>
  );
}
