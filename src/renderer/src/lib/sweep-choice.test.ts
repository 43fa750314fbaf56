import { describe, expect, it } from 'vitest';
import type { ProviderSummary } from '../../../shared/sweep';
import { PROVIDERS } from '../test-support/recorded-sweep-data';
import { chosenSwitchVariants, needsSwitch, sweepRequestOf } from './sweep-choice';

// The recorded Docker Desktop, set to a setting that is not first in its own list.
const desktop = PROVIDERS[0];
const onGrpcFuse: ProviderSummary = {
  ...desktop,
  detection: { ...desktop.detection, currentVariant: 'vz-grpcfuse', currentSetting: 'VZ + gRPC FUSE' },
};

describe('sweep choice', () => {
  it('measures the current setting first, then the others in the product’s order, unavailable ones left out', () => {
    expect(
      chosenSwitchVariants(onGrpcFuse, ['docker-vmm', 'hyperkit-grpcfuse', 'vz-virtiofs', 'vz-grpcfuse']),
    ).toEqual(['vz-grpcfuse', 'vz-virtiofs', 'docker-vmm']);
  });

  it('needs a switch only when a setting other than the current one is picked', () => {
    expect(needsSwitch(onGrpcFuse, ['vz-grpcfuse'])).toBe(false);
    expect(needsSwitch(onGrpcFuse, ['vz-grpcfuse', 'vz-virtiofs'])).toBe(true);
    expect(needsSwitch(null, ['vz-virtiofs'])).toBe(false);
  });

  it('builds the sweep request in that order, without the host baseline', () => {
    expect(
      sweepRequestOf(onGrpcFuse, ['vz-virtiofs', 'vz-grpcfuse'], {
        workloads: ['dd-write'],
        mounts: ['bind', 'host'],
        size: 'quick',
        runs: 3,
        warmup: 1,
      }),
    ).toEqual({
      provider: 'docker-desktop',
      variants: ['vz-grpcfuse', 'vz-virtiofs'],
      workloads: ['dd-write'],
      mounts: ['bind'],
      size: 'quick',
      runs: 3,
      warmup: 1,
    });
  });
});
