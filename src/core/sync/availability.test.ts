// Availability against real folders on a PATH: an executable file named like the tool, or none.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mountAvailability, requireSyncTools } from './availability';

const bin = mkdtempSync(join(tmpdir(), 'mb-sync-bin-'));
const empty = mkdtempSync(join(tmpdir(), 'mb-sync-empty-'));
afterAll(() => {
  rmSync(bin, { recursive: true, force: true });
  rmSync(empty, { recursive: true, force: true });
});
writeFileSync(join(bin, 'mutagen'), '#!/bin/sh\n');
chmodSync(join(bin, 'mutagen'), 0o755);
// Not executable: not installed, as a shell would see it.
writeFileSync(join(bin, 'docker-sync'), '#!/bin/sh\n');

describe('sync mount availability', () => {
  it('finds a tool on the PATH it is given, and says why the other is unavailable', async () => {
    const list = await mountAvailability({ PATH: bin });
    expect(list.find((m) => m.mount === 'mutagen')).toEqual({
      mount: 'mutagen',
      available: true,
      reason: null,
    });
    expect(list.find((m) => m.mount === 'docker-sync')).toEqual({
      mount: 'docker-sync',
      available: false,
      reason: 'docker-sync is not installed (not on PATH)',
    });
    expect(list.filter((m) => m.available).map((m) => m.mount)).toEqual([
      'bind',
      'volume',
      'tmpfs',
      'layer',
      'host',
      'mutagen',
    ]);
  });

  it('returns the tools a run asks for, and refuses one that is missing with the reason', async () => {
    expect(await requireSyncTools(['bind', 'mutagen'], { PATH: bin })).toEqual({
      mutagen: join(bin, 'mutagen'),
    });
    expect(await requireSyncTools(['bind', 'host'], { PATH: empty })).toEqual({});
    await expect(requireSyncTools(['mutagen'], { PATH: empty })).rejects.toThrow(
      'the mutagen mount is unavailable here: mutagen is not installed (not on PATH)',
    );
  });
});
