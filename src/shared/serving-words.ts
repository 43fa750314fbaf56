// What serving a backend's files cost the host, in the words the Results table and the CLI's table
// both print: the mean CPU seconds the share's own processes (its FUSE daemon, the engine's VM)
// spent per sample, and the most memory they held (result.serving, core/host-processes/serving-cost.ts);
// the share card says the CPU alone, beside each bar's time.
import { formatTime } from './format-time';
import type { WorkloadResult } from './result-schema';

const MIB = 1024 * 1024;

/** "212 ms CPU a sample, 3.9 MiB (bindfs (FUSE daemon))"; null where nothing was read. */
export function servingWords(r: Pick<WorkloadResult, 'serving'>): string | null {
  const serving = r.serving;
  const mean = servingCpuMean(r);
  if (!serving || mean === null) return null;
  const memory = `${(serving.peakRssBytes / MIB).toFixed(1)} MiB`;
  return `${formatTime(mean)} CPU a sample, ${memory} (${serving.processes.join(', ')})`;
}

/** The mean host CPU seconds a sample; null where nothing was read. */
export function servingCpuMean(r: Pick<WorkloadResult, 'serving'>): number | null {
  const cpu = r.serving?.cpuSeconds ?? [];
  return cpu.length ? cpu.reduce((a, b) => a + b, 0) / cpu.length : null;
}

/** "442.0 ms host CPU": the second figure of a share card's bar; null where nothing was read. */
export function servingCpuWords(r: Pick<WorkloadResult, 'serving'>): string | null {
  const mean = servingCpuMean(r);
  return mean === null ? null : `${formatTime(mean)} host CPU`;
}
