// The facts agree with the vocabularies they sit beside: a mount that needs a sync tool is exactly
// one of shared/ids.ts's sync mounts (availability asks the one, the type guards the other).
import { describe, expect, it } from 'vitest';
import { MOUNT_KINDS, SYNC_MOUNT_KINDS } from '../ids';
import { MOUNT_FACTS } from './index';

describe('the mount facts', () => {
  it('say a sync tool is needed for exactly the sync mounts', () => {
    expect(MOUNT_KINDS.filter((kind) => MOUNT_FACTS[kind].needs === 'sync-tool')).toEqual([
      ...SYNC_MOUNT_KINDS,
    ]);
  });
});
