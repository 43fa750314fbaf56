// The dry run of a sweep: what restarts, which running containers stop, how long it takes, what is
// unavailable and why. It only reads; nothing changes until the user confirms.
import { MountbenchError } from '../../shared/errors';
import { resolveWorkload } from '../workloads/registry';
import { estimateSweep } from '../../shared/estimate';
import { sweepSteps } from '../../shared/sweep-time-left';
import { bracketed } from '../../shared/sweep';
import { estimatedWorkload } from '../workloads/workload-info';
import { planBackends } from '../../shared/backend-plan';
import type { Backend } from '../../shared/result-schema';
import type {
  ApplyPlan,
  Provider,
  ProviderContext,
  ProviderDetection,
  VariantSpec,
} from '../providers/provider';
import { requireAvailableVariant } from '../providers/require-variant';
import { mountStrategies, type MountStrategy } from './mount-strategies';
import { requireInstalled } from './require-installed';
import { runningContainerNames } from './running-containers';
import type { SweepRequest } from './sweep-request';

export interface ProposedVariant {
  spec: VariantSpec;
  plan: ApplyPlan | null;
  /** Why this variant cannot be applied (a bad settings file…): the sweep refuses to start. */
  blocker?: string;
}

export interface SweepProposal {
  provider: ProviderDetection;
  variants: ProposedVariant[];
  /** Variants of the provider not in the sweep because they cannot run here, with why. */
  unavailable: { id: string; label: string; reason: string }[];
  mountStrategies: MountStrategy[];
  backends: Backend[];
  restarts: boolean;
  /** The user's running containers that the restart stops. */
  containersToStop: string[];
  notes: string[];
  /** Rough: restarts plus measured time; for the user's planning, not a promise. */
  estimatedSeconds: number;
  blockers: string[];
}

export async function proposeSweep(
  provider: Provider,
  request: SweepRequest,
  ctx: ProviderContext,
): Promise<SweepProposal> {
  const detection = await requireInstalled(provider, ctx);
  const all = await provider.listVariants(ctx);
  const wanted = request.variants ?? all.filter((v) => v.available).map((v) => v.id);
  const variants: ProposedVariant[] = [];
  for (const id of wanted) {
    const spec = requireAvailableVariant(provider.label, all, id);
    try {
      variants.push({ spec, plan: await provider.planApply(ctx, id) });
    } catch (err) {
      variants.push({ spec, plan: null, blocker: (err as Error).message });
    }
  }
  if (!variants.length)
    throw new MountbenchError('BAD_INPUT', `${provider.label} has no variant available here`);
  const backends = planBackends({ mounts: request.mounts, variants: wanted }, provider.id, all).filter(
    (b) => b.provider !== null,
  );
  const restarts = variants.some((v) => v.plan?.restarts);
  const notes: string[] = [];
  let containersToStop: string[] = [];
  if (restarts && detection.running && detection.engineName) {
    const listed = await runningContainerNames(ctx, detection.engineName);
    containersToStop = listed.names;
    if (listed.problem) notes.push(listed.problem);
  }
  // Each setting's run is its own race (a later setting's bind mount races nobody, so it takes the
  // lone backend's samples): the shared sweep estimate, over every step the sweep takes (each
  // setting twice with the reverse pass), as Setup and the sweep's time left count it.
  const steps = sweepSteps(
    variants.map((v) => v.spec.id),
    bracketed(request, variants.length),
  );
  const measured = estimateSweep(
    request.workloads.map((id) =>
      estimatedWorkload(resolveWorkload(id, undefined, { allowHostCommands: true }), ctx.env),
    ),
    steps.map((id) => backends.filter((b) => b.variant === id).map((b) => b.mount)),
    request,
  ).seconds;
  const strategies = await mountStrategies(ctx.env);
  const syncBlockers = strategies
    .filter((m) => !m.available && request.mounts.includes(m.id))
    .map((m) => `mount ${m.id}: ${m.reason}`);
  // Every step switches to its setting (the reverse pass switches through them all once more).
  const switching = steps.reduce(
    (sum, id) => sum + (variants.find((v) => v.spec.id === id)?.plan?.estimatedSeconds ?? 0),
    0,
  );
  // Putting the original settings back costs about one more switch.
  const restoring = restarts ? Math.max(...variants.map((v) => v.plan?.estimatedSeconds ?? 0)) : 0;
  if (steps.length > variants.length)
    notes.push(
      'second pass: every setting is measured again in reverse order (A B … B A), so a difference between settings must be larger than the machine drifted between the passes (--single-pass skips it and halves the measuring)',
    );
  return {
    provider: detection,
    variants,
    unavailable: all
      .filter((v) => !v.available)
      .map((v) => ({ id: v.id, label: v.label, reason: v.reason ?? 'no reason given' })),
    mountStrategies: strategies,
    backends,
    restarts,
    containersToStop,
    notes,
    estimatedSeconds: Math.round(switching + measured + restoring),
    blockers: [
      ...variants.filter((v) => v.blocker).map((v) => `${v.spec.id}: ${v.blocker}`),
      ...syncBlockers,
    ],
  };
}
