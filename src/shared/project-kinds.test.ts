import { describe, expect, it } from 'vitest';
import { BUILT_IN_PROFILES } from '../core/recommend/profiles';
import { PROFILES } from '../renderer/src/stores/results-store';
import { WORKLOAD_IDS } from './ids';
import { kindWorkloads, PROJECT_KIND_IDS, PROJECT_KINDS } from './project-kinds';

describe('kinds of project', () => {
  it('name only workloads the vocabulary has, and a built-in profile the dashboard offers too', () => {
    const profiles = BUILT_IN_PROFILES.map((p) => p.id);
    for (const id of PROJECT_KIND_IDS) {
      const kind = PROJECT_KINDS[id];
      expect(kind.id).toBe(id);
      for (const workload of kind.workloads) expect(WORKLOAD_IDS, `${id}: ${workload}`).toContain(workload);
      expect(profiles, id).toContain(kind.profile);
    }
    // The renderer keeps its own copy of the profile list (it cannot import the core): the same one.
    expect(PROFILES.map((p) => p.id)).toEqual(profiles);
  });

  it("keep only what the core offers, in the kind's order", () => {
    expect(kindWorkloads('php-rails', ['dd-write', 'page-reload', 'nothing'])).toEqual([
      'page-reload',
      'dd-write',
    ]);
    expect(kindWorkloads('monorepo', [])).toEqual([]);
  });
});
