// A mount kind made a module of its own is named only where it lives: its facts file here, its
// driver folder in the core, and the registry lines that list every kind (its id, the facts table,
// the executor table). Anywhere else a `case 'nfs-volume'` or a `mount === 'nfs-volume'` is
// knowledge of the kind outside its module, the scatter that made adding it touch 13 files.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { productionSources } from '../../core/test-support/module-imports';

const SRC = path.resolve(__dirname, '../..');

interface MountModule {
  /** Its own files: its facts, its driver folder (folders end in '/'). */
  home: readonly string[];
  /** The files that list every kind, one line each: its id, the facts table, the executor table. */
  registries: readonly string[];
}

/** The kinds that are modules, with where each may be named. */
export const MOUNT_MODULES: Readonly<Record<string, MountModule>> = {
  'nfs-volume': {
    home: ['core/nfs/', 'shared/mounts/nfs-volume.ts'],
    registries: ['shared/ids.ts', 'shared/mounts/index.ts', 'core/runner/mount-executors.ts'],
  },
};

/** "core/runner/x.ts names nfs-volume", for each file outside a kind's places that names it. */
export function mentionsOutside(
  files: readonly { file: string; text: string }[],
  modules: Readonly<Record<string, MountModule>>,
): string[] {
  const out: string[] = [];
  for (const [kind, { home, registries }] of Object.entries(modules))
    for (const { file, text } of files) {
      const places = [...home, ...registries];
      const allowed = places.some((p) => (p.endsWith('/') ? file.startsWith(p) : file === p));
      if (!allowed && text.includes(kind)) out.push(`${file} names ${kind}`);
    }
  return out.sort();
}

describe('a mount kind named only in its module', () => {
  const files = productionSources(SRC, SRC);

  it('keeps each module kind to its facts, its driver folder and the registry lines', () => {
    expect(mentionsOutside(files, MOUNT_MODULES)).toEqual([]);
    // Outside its own files, a kind is named by at most three.
    for (const { registries } of Object.values(MOUNT_MODULES))
      expect(registries.length).toBeLessThanOrEqual(3);
  });

  it('names a planted mention, and not the kind in its own folder', () => {
    const planted = [
      { file: 'core/recommend/x.ts', text: "if (mount === 'nfs-volume') return 3;" },
      { file: 'core/nfs/nfs-export.ts', text: "'nfs-volume'" },
      { file: 'shared/ids.ts', text: "'nfs-volume'," },
    ];
    expect(mentionsOutside(planted, MOUNT_MODULES)).toEqual(['core/recommend/x.ts names nfs-volume']);
  });
});
