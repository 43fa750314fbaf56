// Human-readable durations for warning texts (the CLI and dashboard have their own table formats).

export function formatSeconds(seconds: number): string {
  const abs = Math.abs(seconds);
  if (abs >= 1) return `${seconds.toFixed(3)} s`;
  if (abs >= 1e-3) return `${(seconds * 1e3).toFixed(1)} ms`;
  if (abs >= 1e-6) return `${(seconds * 1e6).toFixed(1)} µs`;
  if (abs === 0) return '0 s';
  return `${(seconds * 1e9).toFixed(0)} ns`;
}
