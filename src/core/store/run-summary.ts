// A stored run as the dashboard lists it: enough to show, tell apart and pick it, without its samples.
import type { RunSummary } from '../../shared/api';
import type { MachineInfo, RunFile } from '../../shared/result-schema';
import { machineKey, machineLabel } from '../machine/machine-key';
import { runWinner } from './run-winner';

/** The machine's key without the user's label: a run measured here and named later is still from here. */
export function hardwareKey(machine: MachineInfo): string {
  return machineKey({ ...machine, label: undefined });
}

/**
 * Marks the runs Mountbench did not measure here: hyperfine exports, and runs of other hardware
 * (a colleague's file). A file of this machine imported back is not told apart: nothing records it.
 */
export function markImported(summaries: RunSummary[], here: MachineInfo): RunSummary[] {
  const key = hardwareKey(here);
  return summaries.map((s) => {
    const imported = s.origin ?? (s.machineKey && s.machineKey !== key ? 'another machine' : undefined);
    return imported ? { ...s, imported } : s;
  });
}

export function summarizeRun(run: RunFile): RunSummary {
  return {
    id: run.id,
    createdAt: run.createdAt,
    status: run.status,
    machineLabel: run.machine.label ?? machineLabel(run.machine),
    engineName: run.engine?.name ?? null,
    backends: [...new Set(run.results.map((r) => r.backend.label))],
    workloads: [...new Set(run.results.map((r) => r.workload.id))],
    resultCount: run.results.length,
    errorCount: run.errors.length,
    finishedAt: run.finishedAt,
    sizes: [...new Set(run.results.map((r) => r.workload.size))],
    winner: runWinner(run),
    machineKey: hardwareKey(run.machine),
    ...(run.origin ? { origin: run.origin.tool } : {}),
  };
}
