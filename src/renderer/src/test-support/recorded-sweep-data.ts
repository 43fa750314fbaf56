// What the real core answered against the stand-in Docker Desktop sandbox (test/stand-ins), recorded
// once with `createCoreApi(...).providers.list()`, `sweeps.propose`, `providers.planApply`,
// the apply (then `providers.apply`) and a sweep's event stream; apply events now carry `applyId` and its waiting lines are `progress` events; the sandbox paths are replaced by a user's home.
// The stand-in's engine is the local dockerd, so bind mounts show ext4 and every Mac variant is
// refused by verification: that is what these recordings say.
import type {
  ApplyEvent,
  ApplyProposal,
  ApplyResult,
  ProviderSummary,
  SweepEvent,
  SweepProposalView,
} from '../../../shared/sweep';

export const PROVIDERS: ProviderSummary[] = [
  {
    detection: {
      id: 'docker-desktop',
      label: 'Docker Desktop',
      installed: true,
      version: '4.43.0',
      running: false,
      currentVariant: 'vz-virtiofs',
      currentSetting: 'VZ + VirtioFS',
      settingsFile: '/Users/ada/Library/Group Containers/group.com.docker/settings-store.json',
      engineName: 'desktop-linux',
      problems: [],
    },
    variants: [
      {
        id: 'vz-virtiofs',
        label: 'VZ + VirtioFS',
        available: true,
        affects: ['bind'],
      },
      {
        id: 'vz-grpcfuse',
        label: 'VZ + gRPC FUSE',
        available: true,
        affects: ['bind'],
      },
      {
        id: 'qemu-grpcfuse',
        label: 'QEMU + gRPC FUSE',
        available: true,
        affects: ['bind'],
      },
      {
        id: 'hyperkit-grpcfuse',
        label: 'HyperKit + gRPC FUSE',
        available: false,
        reason: 'needs an Intel Mac; this one is Apple silicon',
        affects: ['bind'],
      },
      {
        id: 'qemu-osxfs',
        label: 'QEMU + osxfs (legacy)',
        available: true,
        affects: ['bind'],
      },
      {
        id: 'hyperkit-osxfs',
        label: 'HyperKit + osxfs (legacy)',
        available: false,
        reason: 'needs an Intel Mac; this one is Apple silicon',
        affects: ['bind'],
      },
      {
        id: 'docker-vmm',
        label: 'Docker VMM (beta) + VirtioFS',
        available: true,
        affects: ['bind'],
      },
    ],
    switches: true,
  },
  {
    detection: {
      id: 'docker-engine',
      label: 'Docker Engine',
      installed: true,
      version: '20.10.24+dfsg1',
      running: true,
      currentVariant: 'native',
      currentSetting: 'bind mounts served natively (fuse: through bindfs, per run)',
      settingsFile: null,
      engineName: 'default',
      problems: [],
    },
    variants: [
      {
        id: 'native',
        label: 'native',
        available: true,
        affects: ['bind'],
      },
      {
        id: 'fuse',
        label: 'FUSE share (bindfs)',
        available: true,
        affects: ['bind'],
      },
    ],
    switches: false,
  },
];

export const SWEEP_PROPOSAL: SweepProposalView = {
  provider: {
    id: 'docker-desktop',
    label: 'Docker Desktop',
    installed: true,
    version: '4.43.0',
    running: false,
    currentVariant: 'vz-virtiofs',
    currentSetting: 'VZ + VirtioFS',
    settingsFile: '/Users/ada/Library/Group Containers/group.com.docker/settings-store.json',
    engineName: 'desktop-linux',
    problems: [],
  },
  variants: [
    {
      id: 'vz-virtiofs',
      label: 'VZ + VirtioFS',
      plan: {
        variant: 'vz-virtiofs',
        changes: true,
        restarts: false,
        writes: [],
        estimatedSeconds: 45,
        notes: [],
      },
    },
    {
      id: 'vz-grpcfuse',
      label: 'VZ + gRPC FUSE',
      plan: {
        variant: 'vz-grpcfuse',
        changes: true,
        restarts: true,
        writes: [
          {
            key: 'settings-store.json: UseVirtualizationFrameworkVirtioFS',
            from: true,
            to: false,
          },
        ],
        estimatedSeconds: 90,
        notes: ['Docker Desktop quits and starts again: every container it runs stops.'],
      },
    },
  ],
  unavailable: [
    {
      id: 'hyperkit-grpcfuse',
      label: 'HyperKit + gRPC FUSE',
      reason: 'needs an Intel Mac; this one is Apple silicon',
    },
    {
      id: 'hyperkit-osxfs',
      label: 'HyperKit + osxfs (legacy)',
      reason: 'needs an Intel Mac; this one is Apple silicon',
    },
  ],
  backends: [
    {
      id: 'docker-desktop/vz-virtiofs/bind',
      label: 'bind mount · VZ + VirtioFS',
    },
    {
      id: 'docker-desktop/vz-grpcfuse/bind',
      label: 'bind mount · VZ + gRPC FUSE',
    },
  ],
  restarts: true,
  containersToStop: [],
  estimatedSeconds: 239,
  blockers: [],
  notes: [
    'mutagen: mutagen is not installed (not on PATH)',
    'docker-sync: docker-sync is not installed (not on PATH)',
  ],
};

export const APPLY_PROPOSAL: ApplyProposal = {
  provider: {
    id: 'docker-desktop',
    label: 'Docker Desktop',
    installed: true,
    version: '4.43.0',
    running: false,
    currentVariant: 'vz-virtiofs',
    currentSetting: 'VZ + VirtioFS',
    settingsFile: '/Users/ada/Library/Group Containers/group.com.docker/settings-store.json',
    engineName: 'desktop-linux',
    problems: [],
  },
  variant: {
    id: 'vz-grpcfuse',
    label: 'VZ + gRPC FUSE',
  },
  plan: {
    variant: 'vz-grpcfuse',
    changes: true,
    restarts: true,
    writes: [
      {
        key: 'settings-store.json: UseVirtualizationFrameworkVirtioFS',
        from: true,
        to: false,
      },
    ],
    estimatedSeconds: 90,
    notes: ['Docker Desktop quits and starts again: every container it runs stops.'],
  },
  containersToStop: [],
  notes: [],
};

export const APPLY_FAILED: ApplyResult = {
  provider: 'docker-desktop',
  variant: 'vz-grpcfuse',
  fsType: 'ext4',
  reported: 'VZ + gRPC FUSE (settings-store.json)',
  status: 'failed',
  message:
    "VZ + gRPC FUSE did not take: the bind mount is on ext4, but vz-grpcfuse serves bind mounts as fuse.grpcfuse or grpcfuse: the figures would not be vz-grpcfuse's. The original settings were put back.",
  backups: [
    '/Users/ada/Library/Application Support/mountbench/journal/20261130-013139-6308f5/2-settings-store.json',
  ],
  journal: '/Users/ada/Library/Application Support/mountbench/journal/20261130-013139-6308f5.jsonl',
  restored: true,
};

export const APPLY_EVENTS: ApplyEvent[] = [
  {
    type: 'apply',
    applyId: '20261130-013139-2496de',
    phase: 'backup',
  },
  {
    type: 'apply',
    applyId: '20261130-013139-2496de',
    phase: 'apply',
  },
  {
    type: 'apply',
    applyId: '20261130-013139-2496de',
    phase: 'wait',
  },
  {
    type: 'progress',
    applyId: '20261130-013139-2496de',
    message: 'Docker Desktop to be ready: starting',
  },
  {
    type: 'progress',
    applyId: '20261130-013139-2496de',
    message: 'Docker Desktop to be ready: running',
  },
  {
    type: 'apply',
    applyId: '20261130-013139-2496de',
    phase: 'verify',
  },
  {
    type: 'apply',
    applyId: '20261130-013139-2496de',
    phase: 'restore',
    message:
      "VZ + gRPC FUSE did not take: the bind mount is on ext4, but vz-grpcfuse serves bind mounts as fuse.grpcfuse or grpcfuse: the figures would not be vz-grpcfuse's.",
  },
];

export const SWEEP_EVENTS: SweepEvent[] = [
  {
    sweepId: '20261130-013145-af8be1',
    type: 'journal',
    file: '/Users/ada/Library/Application Support/mountbench/journal/20261130-013146-5eaee0.jsonl',
  },
  {
    sweepId: '20261130-013145-af8be1',
    type: 'variant',
    variant: 'vz-virtiofs',
    label: 'VZ + VirtioFS',
    phase: 'apply',
  },
  {
    sweepId: '20261130-013145-af8be1',
    type: 'variant',
    variant: 'vz-virtiofs',
    label: 'VZ + VirtioFS',
    phase: 'wait',
  },
  {
    sweepId: '20261130-013145-af8be1',
    type: 'progress',
    message: 'Docker Desktop to be ready: stopped',
  },
  {
    sweepId: '20261130-013145-af8be1',
    type: 'progress',
    message: 'Docker Desktop to be ready: running',
  },
  {
    sweepId: '20261130-013145-af8be1',
    type: 'variant',
    variant: 'vz-virtiofs',
    label: 'VZ + VirtioFS',
    phase: 'verify',
  },
  {
    sweepId: '20261130-013145-af8be1',
    type: 'variant',
    variant: 'vz-virtiofs',
    label: 'VZ + VirtioFS',
    phase: 'skipped',
    message:
      "VZ + VirtioFS: the bind mount is on ext4, but vz-virtiofs serves bind mounts as fakeowner or virtiofs: the figures would not be vz-virtiofs's; this variant was not measured",
  },
  {
    sweepId: '20261130-013145-af8be1',
    type: 'variant',
    variant: 'vz-grpcfuse',
    label: 'VZ + gRPC FUSE',
    phase: 'apply',
  },
  {
    sweepId: '20261130-013145-af8be1',
    type: 'variant',
    variant: 'vz-grpcfuse',
    label: 'VZ + gRPC FUSE',
    phase: 'wait',
  },
  {
    sweepId: '20261130-013145-af8be1',
    type: 'progress',
    message: 'Docker Desktop to be ready: stopped',
  },
  {
    sweepId: '20261130-013145-af8be1',
    type: 'progress',
    message: 'Docker Desktop to be ready: running',
  },
  {
    sweepId: '20261130-013145-af8be1',
    type: 'variant',
    variant: 'vz-grpcfuse',
    label: 'VZ + gRPC FUSE',
    phase: 'verify',
  },
  {
    sweepId: '20261130-013145-af8be1',
    type: 'variant',
    variant: 'vz-grpcfuse',
    label: 'VZ + gRPC FUSE',
    phase: 'skipped',
    message:
      "VZ + gRPC FUSE: the bind mount is on ext4, but vz-grpcfuse serves bind mounts as fuse.grpcfuse or grpcfuse: the figures would not be vz-grpcfuse's; this variant was not measured",
  },
  {
    sweepId: '20261130-013145-af8be1',
    type: 'restore',
    phase: 'started',
  },
  {
    sweepId: '20261130-013145-af8be1',
    type: 'restore',
    phase: 'done',
  },
  {
    type: 'sweep-done',
    sweepId: '20261130-013145-af8be1',
    finish: {
      status: 'failed',
      variants: [
        {
          variant: 'vz-virtiofs',
          ok: false,
          fsType: 'ext4',
          reported: 'VZ + VirtioFS (settings-store.json)',
          message:
            "VZ + VirtioFS: the bind mount is on ext4, but vz-virtiofs serves bind mounts as fakeowner or virtiofs: the figures would not be vz-virtiofs's; this variant was not measured",
        },
        {
          variant: 'vz-grpcfuse',
          ok: false,
          fsType: 'ext4',
          reported: 'VZ + gRPC FUSE (settings-store.json)',
          message:
            "VZ + gRPC FUSE: the bind mount is on ext4, but vz-grpcfuse serves bind mounts as fuse.grpcfuse or grpcfuse: the figures would not be vz-grpcfuse's; this variant was not measured",
        },
      ],
      runId: '20261130-013146-2db6f4',
      restored: true,
    },
  },
];
