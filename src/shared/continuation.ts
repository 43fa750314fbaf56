// "Keep measuring": a racing run that ended undecided (at its cap or when its time budget ran out)
// is continued by a new run of the same settings that measures only what is still open: the
// workloads with an undecided race, on the backends still racing there when it stopped. Backends
// decided slower, the host baseline and the decided workloads are not measured again. Everything
// comes from the result file, so a run opened from disk can be continued as well as a fresh one.
import { TOOLS_WORKLOAD_IDS, WORKLOAD_IDS, type MountKind, type WorkloadId } from './ids';
import type { RunFile } from './result-schema';
import { runRequestSchema, type RunRequest } from './run-plan';

export type Continuation = { request: RunRequest } | { request: null; reason: string };

const STILL_IN = new Set(['cap', 'budget']);

function workloadIdOf(key: string): WorkloadId | null {
  const id = key.split(':')[0];
  return (WORKLOAD_IDS as readonly string[]).includes(id) ? (id as WorkloadId) : null;
}

export function continuationOf(run: RunFile): Continuation {
  const race = run.race;
  if (!race) return { request: null, reason: 'only a racing run can be continued' };
  const open = race.workloads.filter((w) => w.outcome === 'cap' || w.outcome === 'budget');
  if (!open.length)
    return race.workloads.some((w) => w.outcome === 'futile')
      ? { request: null, reason: 'more samples at this size would not tell apart what is left' }
      : { request: null, reason: 'every race of this run is decided' };
  const workloads = new Set<WorkloadId>();
  const backendIds = new Set<string>();
  for (const w of open) {
    const id = workloadIdOf(w.workloadKey);
    // The custom workload's command is not kept in the result file: it cannot be run again from it.
    if (!id || id === 'custom') continue;
    const still = w.exits.filter((e) => STILL_IN.has(e.reason)).map((e) => e.backendId);
    if (still.length < 2) continue;
    workloads.add(id);
    for (const backendId of still) backendIds.add(backendId);
  }
  const measured = run.results.filter((r) => backendIds.has(r.backend.id) && workloads.has(r.workload.id));
  if (!workloads.size || !measured.length)
    return { request: null, reason: 'nothing undecided here can be measured again (custom workload)' };
  const backends = [...backendIds].flatMap((id) => {
    const result = run.results.find((r) => r.backend.id === id);
    return result ? [result.backend] : [];
  });
  // Every variant of the run, in its order: the plan names a mount the variants do not change
  // (a volume) after the first variant, so the same backend ids come out of the same variant list.
  const variants = [...new Set(run.results.flatMap((r) => (r.backend.variant ? [r.backend.variant] : [])))];
  const mounts = [...new Set<MountKind>(backends.map((b) => b.mount))];
  const first = measured[0];
  // The tools image the first half's workloads ran in, so the second half runs in the same one and
  // not in whatever MOUNTBENCH_TOOLS_IMAGE or the default says now. The file has no field for it:
  // each container result names the image it ran in, and only a workload that needs tools runs in
  // the tools image (the others' image may be spelt apart from run.image, e.g. resolved).
  const toolsImages = [
    ...new Set(
      measured.flatMap((r) =>
        TOOLS_WORKLOAD_IDS.includes(r.workload.id) && r.image && r.image !== run.image ? [r.image] : [],
      ),
    ),
  ];
  if (toolsImages.length > 1)
    return { request: null, reason: 'the undecided workloads ran in more than one tools image' };
  // The file is someone's input: what it says must still make a request the runner accepts.
  const parsed = runRequestSchema.safeParse({
    ...(run.engine ? { engine: run.engine.name } : {}),
    ...(variants.length ? { variants } : {}),
    mounts,
    workloads: WORKLOAD_IDS.filter((id) => workloads.has(id)),
    backends: backends.map((b) => b.id),
    size: first.workload.size,
    runs: race.rule.minSamples,
    maxRuns: race.rule.maxSamples,
    warmup: first.warmupRuns,
    race: true,
    ...(race.budgetSeconds ? { budgetSeconds: Math.max(10, Math.round(race.budgetSeconds)) } : {}),
    ...(run.image ? { image: run.image } : {}),
    ...(toolsImages.length ? { toolsImage: toolsImages[0] } : {}),
  });
  return parsed.success
    ? { request: parsed.data }
    : { request: null, reason: "this run's settings no longer make a valid run request" };
}
