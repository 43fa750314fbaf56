// Setup's one answer: what the button starts and why it cannot, for a plain Linux engine (a run)
// and Docker Desktop (a sweep of its settings, then its dry run's own backends).
import { describe, expect, it } from 'vitest';
import type { WorkloadInfo } from '../../../shared/api';
import type { SweepProposalView } from '../../../shared/sweep';
import { DOCKER_DESKTOP, engine } from '../../../shared/test-support/setup-fixtures';
import { setupAnswer } from './setup-answer';
import type { SetupState } from './setup-store';

const WORKLOAD: WorkloadInfo = {
  id: 'small-file-read',
  title: 'Small-file read',
  description: 'reads many small files',
  sizes: { quick: {}, default: {} },
  sizeWords: { quick: '500 files', default: '5,000 files' },
  cost: {
    quick: { cases: 1, perExecution: 1, fixture: 1 },
    default: { cases: 1, perExecution: 5, fixture: 5 },
  },
  unsupported: {},
};

const DESKTOP_ENGINE = engine({ name: 'desktop-linux', provider: 'docker-desktop' });

type Input = Parameters<typeof setupAnswer>[0];

function linux(over: Partial<Input> = {}): Input {
  return {
    engines: [engine({})],
    providers: [],
    mountInfo: [],
    workloads: [WORKLOAD],
    engineName: 'default',
    mounts: ['bind', 'volume', 'host'],
    variants: ['native'],
    workloadIds: ['small-file-read'],
    preset: 'quick',
    budgetMinutes: null,
    switchProvider: null,
    switchVariants: [],
    switchReversePass: false,
    proposal: { status: 'idle', key: null, view: null, error: null },
    ...over,
  };
}

function mac(over: Partial<Input> = {}): Input {
  return linux({
    engines: [DESKTOP_ENGINE],
    providers: [DOCKER_DESKTOP],
    engineName: 'desktop-linux',
    mounts: ['bind', 'volume'],
    variants: [],
    switchProvider: 'docker-desktop',
    switchVariants: ['vz-virtiofs', 'vz-grpcfuse'],
    ...over,
  });
}

const answered = (
  input: Input,
  proposal: Pick<SetupState['proposal'], 'status' | 'view' | 'error'>,
): SetupState['proposal'] => {
  const first = setupAnswer(input, null);
  return { ...proposal, key: JSON.stringify(first.sweepRequest) };
};

describe('setupAnswer', () => {
  it('starts a Quick run of the picked backends on a plain engine', () => {
    const answer = setupAnswer(linux(), null);
    expect(answer.problem).toBeNull();
    expect(answer.sweepRequest).toBeNull();
    expect(answer.start).toEqual({
      kind: 'run',
      request: expect.objectContaining({
        engine: 'default',
        mounts: ['bind', 'volume', 'host'],
        workloads: ['small-file-read'],
        size: 'quick',
        race: true,
      }),
    });
    expect(answer.presetTimes && Object.keys(answer.presetTimes)).toEqual(['quick', 'standard', 'thorough']);
  });

  it('starts nothing and says why when no workload is picked', () => {
    const answer = setupAnswer(linux({ workloadIds: [] }), null);
    expect(answer.start).toBeNull();
    expect(answer.problem).toMatch(/^Pick at least one workload/);
  });

  it("says the project's own problem before the run's", () => {
    const answer = setupAnswer(linux(), { problem: 'Give the command that builds your project.' });
    expect(answer.start).toBeNull();
    expect(answer.problem).toBe('Give the command that builds your project.');
  });

  it("sweeps Docker Desktop's settings, shown with the dry run's backends once it answers", () => {
    const before = setupAnswer(mac(), null);
    expect(before.sweepRequest).toMatchObject({ provider: 'docker-desktop', race: true });
    // Nothing restarts before the product has said what the restarts take.
    expect(before.start).toBeNull();
    expect(before.problem).toMatch(/^Asking the product/);
    expect(before.proposal).toBeNull();
    const view = {
      backends: [{ id: 'docker-desktop/vz-grpcfuse/volume', label: 'named volume · VZ + gRPC FUSE' }],
      variants: [],
      blockers: [],
    } as unknown as SweepProposalView;
    const after = setupAnswer(
      mac({ proposal: answered(mac(), { status: 'ready', view, error: null }) }),
      null,
    );
    expect(after.start).toEqual({ kind: 'sweep', request: before.sweepRequest });
    expect(after.problem).toBeNull();
    expect(after.plan.backends).toEqual([{ ...view.backends[0], mount: 'volume' }]);
    expect(after.proposal?.status).toBe('ready');
  });

  it('refuses a sweep whose dry run failed, and ignores a dry run of other picks', () => {
    const failed = answered(mac(), { status: 'error', view: null, error: 'settings file unreadable' });
    const answer = setupAnswer(mac({ proposal: failed }), null);
    expect(answer.start).toBeNull();
    expect(answer.problem).toBe('The sweep cannot be planned (see "What will restart").');
    const stale = setupAnswer(mac({ proposal: { ...failed, key: '{"other":true}' } }), null);
    expect(stale.problem).toMatch(/^Asking the product/);
  });

  it('says an engine that does not answer first, whatever else is picked', () => {
    const down = mac({
      engines: [{ ...DESKTOP_ENGINE, reachable: false }, engine({ current: false })],
      workloadIds: [],
    });
    const answer = setupAnswer(down, null);
    expect(answer.start).toBeNull();
    expect(answer.problem).toMatch(/desktop-linux/);
  });
});
