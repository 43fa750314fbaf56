import { describe, expect, it } from 'vitest';
import { fixtureFacts } from './fixture-facts';
import {
  metadataWalk,
  walkEntryCount,
  walkFolders,
  walkMissingPaths,
  WALK_MISSING_LIST,
} from './metadata-walk';

describe('metadata-walk', () => {
  it('lays ~30,000 entries 7 folder levels deep by default, ~3,000 when quick', () => {
    const facts = fixtureFacts(metadataWalk.fixture(metadataWalk.sizes.default)!);
    expect(facts.entries - 1).toBe(walkEntryCount(metadataWalk.sizes.default));
    expect(facts.entries - 1).toBe(29_520);
    expect(facts.dirs).toBe(3_280);
    expect(Math.max(...facts.paths.map((p) => p.split('/').length - 1))).toBe(8);
    expect(walkEntryCount(metadataWalk.sizes.quick)).toBe(3_276);
  });

  it('agrees with its own totals, and is re-iterable and deterministic', () => {
    const spec = metadataWalk.fixture(metadataWalk.sizes.quick)!;
    const facts = fixtureFacts(spec);
    expect({ entries: facts.entries, bytes: facts.bytes }).toEqual({
      entries: spec.entryCount,
      bytes: spec.totalBytes,
    });
    expect(fixtureFacts(spec).digest).toBe(facts.digest);
    expect(fixtureFacts(metadataWalk.fixture(metadataWalk.sizes.quick)!).digest).toBe(facts.digest);
  });

  it('lists 10,000 distinct paths that are not in the tree, in folders that are', () => {
    const params = metadataWalk.sizes.default;
    const missing = walkMissingPaths(params);
    expect(missing).toHaveLength(10_000);
    expect(new Set(missing).size).toBe(10_000);
    const tree = new Set(fixtureFacts(metadataWalk.fixture(params)!).paths);
    const folders = new Set(walkFolders(params));
    for (const path of missing) {
      expect(tree.has(path)).toBe(false);
      const parent = path.replace(/\/[^/]*$/, '');
      expect(folders.has(parent) || folders.has(parent.replace(/\/node_modules\/[^/]*$/, ''))).toBe(true);
    }
    // Lookups reach the deepest folders too, not only the top of the tree.
    expect(Math.max(...missing.map((p) => p.split('/').length))).toBeGreaterThanOrEqual(9);
  });

  it('ships the missing paths as one text file, a path per line', () => {
    const params = metadataWalk.sizes.quick;
    const list = [...metadataWalk.fixture(params)!.entries()].find((e) => e.path === WALK_MISSING_LIST);
    expect(list?.type).toBe('file');
    if (list?.type !== 'file' || !list.content) throw new Error('no missing list');
    expect(list.content().toString('utf8')).toBe(`${walkMissingPaths(params).join('\n')}\n`);
  });
});
