// The whole of Setup's question in one answer: what "Benchmark my setup" starts (a run or a sweep,
// with the request it sends), the plan shown (the core's own backends once its dry run answered),
// why the button cannot start, and every preset's total time. SetupView lays this out; it decides
// nothing itself. Pure: the same picks give the same answer (setup-answer.test.ts).
import { isOneOf, MOUNT_KINDS } from '../../../shared/ids';
import type { RunRequest } from '../../../shared/run-plan';
import { planSetup, type SetupMachine, type SetupPicks, type SetupPlan } from '../../../shared/setup-plan';
import type { SweepRequest } from '../../../shared/sweep';
import { estimateRangeWords } from '../lib/estimate-words';
import { PRESET_IDS, PRESETS, type PresetId } from '../lib/presets';
import type { ProjectRequestPart } from './project-store';
import { buildRequest, buildSweepRequest, type ProposalState, type SetupState } from './setup-store';

type SetupAnswerInput = Pick<
  SetupState,
  | 'engines'
  | 'providers'
  | 'mountInfo'
  | 'workloads'
  | 'engineName'
  | 'mounts'
  | 'variants'
  | 'workloadIds'
  | 'preset'
  | 'budgetMinutes'
  | 'switchProvider'
  | 'switchVariants'
  | 'switchReversePass'
  | 'proposal'
>;

export type SetupStart = { kind: 'run'; request: RunRequest } | { kind: 'sweep'; request: SweepRequest };

export interface SetupAnswer {
  /** The plan as shown: once the dry run answered, with the core's own list of backends. */
  plan: SetupPlan;
  /** What the button starts; null while it cannot (then `problem` says why). */
  start: SetupStart | null;
  /** The sweep the picks ask for, for its dry run (JSON-keyed); null for a run. */
  sweepRequest: SweepRequest | null;
  /** Its content as the dry run is keyed by (JSON); null for a run. */
  sweepKey: string | null;
  /** The dry run answering the current sweep; null before it does, and for a run. */
  proposal: ProposalState | null;
  /** Why the button is disabled; null when it can start. */
  problem: string | null;
  /** Every preset's one total for what is chosen now; null while there is none to give. */
  presetTimes: Record<PresetId, string> | null;
}

export function setupAnswer(
  setup: SetupAnswerInput,
  project: ProjectRequestPart | { problem: string } | null,
): SetupAnswer {
  const machine = machineOf(setup);
  const withProject = project !== null && !('problem' in project);
  const picksFor = (preset: PresetId) => picksOf(setup, PRESETS[preset].counts, withProject);
  const draft = planSetup(machine, picksFor(setup.preset));
  const sweep = draft.action === 'sweep' ? buildSweepRequest(setup) : null;
  const sweepRequest = sweep && 'request' in sweep ? sweep.request : null;
  const sweepKey = sweepRequest ? JSON.stringify(sweepRequest) : null;
  const proposal = sweepKey !== null && setup.proposal.key === sweepKey ? setup.proposal : null;
  const proposalView = proposal?.status === 'ready' ? proposal.view : null;
  const planFor = (preset: PresetId) => planSetup(machine, picksFor(preset), proposalView);
  const plan = planFor(setup.preset);
  const built = buildRequest(setup, project);
  const problem = problemOf(plan, sweep, proposal, built);
  const start: SetupStart | null =
    problem !== null
      ? null
      : sweepRequest
        ? { kind: 'sweep', request: sweepRequest }
        : !sweep && 'request' in built
          ? { kind: 'run', request: built.request }
          : null;
  return {
    plan: proposalView ? { ...plan, backends: backendsOf(proposalView.backends) } : plan,
    start,
    sweepRequest,
    sweepKey,
    proposal: sweep ? proposal : null,
    problem,
    presetTimes:
      plan.backends.length > 0 && plan.estimate.totalSeconds !== null ? presetTimes(planFor) : null,
  };
}

function machineOf(setup: SetupAnswerInput): SetupMachine {
  return {
    engines: setup.engines,
    providers: setup.providers,
    mountInfo: setup.mountInfo,
    workloads: setup.workloads,
  };
}

function picksOf(setup: SetupAnswerInput, counts: SetupPicks['counts'], project: boolean): SetupPicks {
  return {
    engineName: setup.engineName,
    mounts: setup.mounts,
    variants: setup.variants,
    workloadIds: setup.workloadIds,
    counts,
    switchProvider: setup.switchProvider,
    switchVariants: setup.switchVariants,
    reversePass: setup.switchReversePass,
    project,
  };
}

/**
 * An engine that does not answer comes first; then a sweep's own problem or its dry run's failure;
 * then what the run's request lacks; else the plan's.
 */
function problemOf(
  plan: SetupPlan,
  sweep: ReturnType<typeof buildSweepRequest>,
  proposal: ProposalState | null,
  built: ReturnType<typeof buildRequest>,
): string | null {
  if (plan.engine.status === 'refused' && plan.problem) return plan.problem;
  if (sweep) {
    if ('problem' in sweep) return sweep.problem;
    if (proposal?.status === 'error') return 'The sweep cannot be planned (see "What will restart").';
    return plan.problem;
  }
  return 'problem' in built ? built.problem : plan.problem;
}

/** The dry run's backends, each with the mount its id ends in (a bind mount when it names none). */
function backendsOf(backends: readonly { id: string; label: string }[]): SetupPlan['backends'] {
  return backends.map((b) => {
    const mount = b.id.split('/').at(-1) ?? 'bind';
    return { id: b.id, label: b.label, mount: isOneOf(MOUNT_KINDS, mount) ? mount : 'bind' };
  });
}

function presetTimes(planFor: (preset: PresetId) => SetupPlan): Record<PresetId, string> {
  return Object.fromEntries(
    PRESET_IDS.map((id) => {
      const { estimate } = planFor(id);
      const words = estimateRangeWords({
        seconds: estimate.totalSeconds ?? estimate.measureSeconds,
        maxSeconds: estimate.maxTotalSeconds ?? estimate.maxMeasureSeconds,
        executions: 0,
      });
      return [id, words];
    }),
  ) as Record<PresetId, string>;
}
