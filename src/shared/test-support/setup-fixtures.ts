// Engines and products as the core reports them, for the tests of Setup's plan and answer.
import type { DiscoveredEngine } from '../engine';
import type { ProviderSummary } from '../sweep';

/** An engine that answers: the plain Linux engine at the default socket, unless told otherwise. */
export const engine = (over: Partial<DiscoveredEngine>): DiscoveredEngine => ({
  name: 'default',
  endpoint: 'unix:///var/run/docker.sock',
  source: 'context',
  provider: 'docker-engine',
  current: true,
  reachable: true,
  ...over,
});

/** Docker Desktop on an Apple silicon Mac, VZ + VirtioFS now, its four settings. */
export const DOCKER_DESKTOP: ProviderSummary = {
  detection: {
    id: 'docker-desktop',
    label: 'Docker Desktop',
    installed: true,
    version: '4.43.0',
    running: true,
    currentVariant: 'vz-virtiofs',
    currentSetting: 'VZ + VirtioFS',
    settingsFile: 'settings-store.json',
    engineName: 'desktop-linux',
    problems: [],
  },
  // The product's own order: the current one is not first, the plan puts it first.
  variants: [
    { id: 'vz-grpcfuse', label: 'VZ + gRPC FUSE', available: true, affects: ['bind'] },
    { id: 'vz-virtiofs', label: 'VZ + VirtioFS', available: true, affects: ['bind'] },
    {
      id: 'hyperkit-grpcfuse',
      label: 'HyperKit + gRPC FUSE',
      available: false,
      reason: 'needs an Intel Mac',
      affects: ['bind'],
    },
    { id: 'docker-vmm', label: 'Docker VMM (beta) + VirtioFS', available: true, affects: ['bind'] },
  ],
  switches: true,
};
