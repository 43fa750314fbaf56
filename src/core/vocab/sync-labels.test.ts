import { describe, expect, it } from 'vitest';
import { ownerFromLabelValue, ownerToLabelValue, syncLabels } from './sync-labels';

describe('mutagen label values for the run owner', () => {
  it('writes host:pid as host_pid, which mutagen accepts, and reads it back', () => {
    expect(ownerToLabelValue('mac-mini.local:4242')).toBe('mac-mini.local_4242');
    expect(ownerFromLabelValue('mac-mini.local_4242')).toBe('mac-mini.local:4242');
  });

  it('keeps a host with underscores whole: the pid is after the last one', () => {
    expect(ownerFromLabelValue(ownerToLabelValue('build_box:7'))).toBe('build_box:7');
  });

  it('rewrites characters mutagen refuses, so that host no longer matches (treated as alive)', () => {
    expect(ownerToLabelValue('Jo’s Mac:12')).toBe('Jo-s-Mac_12');
  });

  it('reads nothing from a missing or foreign value', () => {
    expect(ownerFromLabelValue(undefined)).toBeUndefined();
    expect(ownerFromLabelValue('nounderscore')).toBeUndefined();
  });

  it('labels a session with the mountbench label, the run and the owner', () => {
    const labels = syncLabels('20261130-013000-abc123');
    expect(labels.mountbench).toBe('1');
    expect(labels['mountbench.run']).toBe('20261130-013000-abc123');
    expect(labels['mountbench.owner']).toMatch(/^[A-Za-z0-9][A-Za-z0-9._-]*_\d+$/);
  });
});
