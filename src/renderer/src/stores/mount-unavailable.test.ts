import { describe, expect, it } from 'vitest';
import type { MountInfo } from '../../../shared/api';
import { mountUnavailableReason } from './setup-store';

const OFF = "synchronized file shares are a Docker Desktop feature, and this engine is not Docker Desktop's";

describe('mountUnavailableReason', () => {
  it('gives the core reason for a sync-share the core says is unavailable, so Setup disables it', () => {
    const info: MountInfo[] = [{ mount: 'sync-share', available: false, reason: OFF }];
    expect(mountUnavailableReason(info, 'sync-share')).toBe(OFF);
  });

  it('offers a sync-share the core says is available', () => {
    const info: MountInfo[] = [{ mount: 'sync-share', available: true, reason: null }];
    expect(mountUnavailableReason(info, 'sync-share')).toBeNull();
  });

  it('calls a sync-share unknown when the core did not answer, as a sync tool or NFS volume', () => {
    for (const mount of ['sync-share', 'mutagen', 'nfs-volume'] as const)
      expect(mountUnavailableReason(undefined, mount)).toMatch(/^availability unknown/);
  });

  it('offers the mounts that need only the engine without an answer', () => {
    for (const mount of ['bind', 'volume', 'tmpfs', 'layer', 'host'] as const)
      expect(mountUnavailableReason([], mount)).toBeNull();
  });

  it('falls back to "unavailable" when the core gives no reason', () => {
    const info: MountInfo[] = [{ mount: 'docker-sync', available: false, reason: null }];
    expect(mountUnavailableReason(info, 'docker-sync')).toBe('unavailable');
  });
});
