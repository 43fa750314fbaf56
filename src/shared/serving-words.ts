// What serving a backend's files cost the host, in the words the Results table and the CLI's table
// both print: the mean CPU seconds the share's own processes (its FUSE daemon) spent per sample,
// and the most memory they held (result.serving, core/runner/serving-cost.ts).
import { formatTime } from './format-time';
import type { WorkloadResult } from './result-schema';

const MIB = 1024 * 1024;

/** "212 ms CPU a sample, 3.9 MiB (bindfs (FUSE daemon))"; null where nothing was read. */
export function servingWords(r: Pick<WorkloadResult, 'serving'>): string | null {
  const serving = r.serving;
  if (!serving || serving.cpuSeconds.length === 0) return null;
  const mean = serving.cpuSeconds.reduce((a, b) => a + b, 0) / serving.cpuSeconds.length;
  const memory = `${(serving.peakRssBytes / MIB).toFixed(1)} MiB`;
  return `${formatTime(mean)} CPU a sample, ${memory} (${serving.processes.join(', ')})`;
}
