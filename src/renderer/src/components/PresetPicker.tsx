import { LONE_MIN_SAMPLES } from '../../../shared/race-samples';
import { BUDGET_MINUTES, PRESET_IDS, PRESETS, type BudgetMinutes, type PresetId } from '../lib/presets';

interface Props {
  value: PresetId;
  onChange(preset: PresetId): void;
  budget: BudgetMinutes;
  onBudget(minutes: BudgetMinutes): void;
  /** Each preset's estimated time for the workloads and backends chosen now; null before any are. */
  times: Record<PresetId, string> | null;
  /** The plan is a sweep: each setting is its own run (raced when the preset races), with a restart. */
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
          {PRESETS[id].caveat && (
            <span className="preset-caveat note" data-testid={`preset-caveat-${id}`}>
              {PRESETS[id].caveat}
            </span>
          )}
        </label>
      ))}
      {sweep && (
        <p className="note preset-wide" data-testid="preset-sweep-note">
          {PRESETS[value].counts.race
            ? `Comparing settings measures each setting in its own run, after a restart, racing as this preset does: ${PRESETS[value].counts.runs} to ${PRESETS[value].counts.maxRuns ?? 30} samples per backend, and at least ${LONE_MIN_SAMPLES} for a bind mount that has no rival under its setting.`
            : `Comparing settings measures each backend ${PRESETS[value].counts.runs} times after ${PRESETS[value].counts.warmup} warm-up under every setting, with no early stop: the adaptive stop is for a single run.`}
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
