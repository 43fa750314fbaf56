import { describe, expect, it } from 'vitest';
import { customProfile } from './custom-weights';
import { profileByName } from './profiles';
import { resolveWeights } from './profile-weights';

function shares(map: Map<string, number>): Record<string, number> {
  return Object.fromEntries([...map.entries()].map(([k, v]) => [k, Number(v.toFixed(6))]));
}

describe('resolveWeights', () => {
  it('splits a workload weight over its cases so it does not count twice', () => {
    // database: large-write 3, dd-write 2, buffered-read 2 → 3/7, 2/7 and 1/7 per read size.
    const r = resolveWeights(profileByName('database'), [
      'large-write',
      'dd-write',
      'buffered-read:128',
      'buffered-read:1024',
    ]);
    expect(shares(r.shares)).toEqual({
      'large-write': Number((3 / 7).toFixed(6)),
      'dd-write': Number((2 / 7).toFixed(6)),
      'buffered-read:128': Number((1 / 7).toFixed(6)),
      'buffered-read:1024': Number((1 / 7).toFixed(6)),
    });
    expect(r.unmeasured).toEqual([]);
  });
  it('reports weighted workloads nobody measured and scores the rest', () => {
    const r = resolveWeights(profileByName('rails-php'), ['small-file-read', 'dd-write', 'large-write']);
    // metadata-walk (3), sync-latency (2) and page-reload (3) are missing: small-file-read 3 and
    // dd-write 1 remain.
    expect(shares(r.shares)).toEqual({ 'small-file-read': 0.75, 'dd-write': 0.25 });
    expect(r.unmeasured.sort()).toEqual(['metadata-walk', 'page-reload', 'sync-latency']);
  });
  it('gives every measured workload one equal share in the balanced profile, whatever its name', () => {
    const r = resolveWeights(profileByName('balanced'), [
      'compile',
      'dd-write',
      'buffered-read:128',
      'buffered-read:1024',
    ]);
    expect(shares(r.shares)).toEqual({
      compile: Number((1 / 3).toFixed(6)),
      'dd-write': Number((1 / 3).toFixed(6)),
      'buffered-read:128': Number((1 / 6).toFixed(6)),
      'buffered-read:1024': Number((1 / 6).toFixed(6)),
    });
  });
  it('lets a weight on one case stand beside the workload weight', () => {
    const r = resolveWeights(customProfile({ 'buffered-read': 1, 'buffered-read:128': 3 }), [
      'buffered-read:128',
      'buffered-read:1024',
    ]);
    expect(shares(r.shares)).toEqual({ 'buffered-read:128': 0.75, 'buffered-read:1024': 0.25 });
  });
  it('has no shares when nothing weighted was measured', () => {
    const r = resolveWeights(profileByName('static-site'), ['dd-write']);
    expect(r.shares.size).toBe(0);
    expect(r.unmeasured.sort()).toEqual(['site-build', 'small-file-read', 'sync-latency']);
  });
});
