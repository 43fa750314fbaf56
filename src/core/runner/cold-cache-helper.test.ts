import { describe, expect, it } from 'vitest';
import { helperContainerOptions, helperImageFor, PINNED_HELPER_IMAGE } from './cold-cache-helper';

const ID = `sha256:${'a'.repeat(64)}`;

describe('the cold-cache helper', () => {
  it('runs the pinned image unless MOUNTBENCH_HELPER_IMAGE names one by its content', () => {
    expect(PINNED_HELPER_IMAGE).toMatch(/^docker\.io\/library\/busybox@sha256:[0-9a-f]{64}$/);
    expect(helperImageFor({})).toBe(PINNED_HELPER_IMAGE);
    expect(helperImageFor({ MOUNTBENCH_HELPER_IMAGE: ID })).toBe(ID);
    expect(helperImageFor({ MOUNTBENCH_HELPER_IMAGE: `busybox@sha256:${'b'.repeat(64)}` })).toMatch(
      /@sha256/,
    );
    for (const moving of ['busybox:1.36.1', 'mountbench/bench:offline', 'evil/miner:latest', 'sha256:abc'])
      expect(() => helperImageFor({ MOUNTBENCH_HELPER_IMAGE: moving })).toThrow(/by its content/);
  });

  it('asks the engine for no capability, no network, a read-only root and one bound file', () => {
    const options = helperContainerOptions(ID, 'n', {});
    expect(options.HostConfig).toMatchObject({
      CapDrop: ['ALL'],
      NetworkMode: 'none',
      ReadonlyRootfs: true,
      Privileged: false,
    });
    expect(options.HostConfig?.CapAdd).toBeUndefined();
    // Docker's default masked and read-only paths stay: none is given.
    expect(options.HostConfig).not.toHaveProperty('ReadonlyPaths');
    expect(options.HostConfig).not.toHaveProperty('MaskedPaths');
    expect(options.HostConfig?.Mounts).toEqual([
      {
        Type: 'bind',
        Source: '/proc/sys/vm/drop_caches',
        Target: '/mountbench-drop-caches',
        ReadOnly: false,
      },
    ]);
  });
});
