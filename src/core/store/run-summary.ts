// A stored run as the dashboard lists it: enough to show and pick it, without its samples.
import type { RunSummary } from '../../shared/api';
import type { RunFile } from '../../shared/result-schema';
import { machineLabel } from '../machine/machine-key';

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
  };
}
