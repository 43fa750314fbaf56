import { PRESET_IDS, PRESETS, type PresetId } from '../lib/presets';

export function PresetPicker({ value, onChange }: { value: PresetId; onChange(preset: PresetId): void }) {
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
          <span className="preset-summary">{PRESETS[id].summary}</span>
        </label>
      ))}
    </fieldset>
  );
}
