// Types for scripts/node-cpu-summary.mjs (plain JavaScript, so it runs with node alone).
export interface CommandCpu {
  key: string;
  processes: number;
  cpu: number;
}
export function commandKey(argv: string): string;
export function summarize(text: string): CommandCpu[];
