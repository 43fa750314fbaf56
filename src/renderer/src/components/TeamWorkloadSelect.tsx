// The Team page's workload pickers (the spread's and the trend's): one option per workload and
// size, keyed "workload@size" and shown "workload (size)".
export const teamWorkloadKey = (s: { workloadKey: string; size: string }) => `${s.workloadKey}@${s.size}`;

export function TeamWorkloadSelect({
  keys,
  value,
  onChange,
  testId,
}: {
  keys: readonly string[];
  value: string | undefined;
  onChange: (key: string) => void;
  testId: string;
}) {
  return (
    <label>
      Workload{' '}
      <select value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        {keys.map((k) => (
          <option key={k} value={k}>
            {k.replace('@', ' (') + ')'}
          </option>
        ))}
      </select>
    </label>
  );
}
