import { describe, expect, it } from 'vitest';
import { MountbenchError } from '../../shared/errors';
import { validateWeights } from './custom-weights';
import { BUILT_IN_PROFILES, profileByName, resolveProfile } from './profiles';

describe('built-in profiles', () => {
  it('weigh only known workload keys, with at least one positive weight', () => {
    for (const profile of BUILT_IN_PROFILES.filter((p) => Object.keys(p.weights).length > 0)) {
      expect(() => validateWeights(profile.weights), profile.id).not.toThrow();
      expect(profile.otherWorkloads).toBe(0);
    }
  });
  it('are the four the design names and the two kinds of project of issue 26', () => {
    expect(BUILT_IN_PROFILES.map((p) => p.id)).toEqual([
      'rails-php',
      'static-site',
      'database',
      'node-frontend',
      'monorepo',
      'balanced',
    ]);
  });
  it('favour what each kind of project spends its disk time on', () => {
    const rails = profileByName('rails-php').weights;
    expect(rails['metadata-walk']).toBeGreaterThan(rails['dd-write']);
    expect(rails['small-file-read']).toBeGreaterThan(rails['dd-write']);
    expect(rails['sync-latency']).toBeGreaterThan(0);
    const site = profileByName('static-site').weights;
    const siteTotal = Object.values(site).reduce((s, w) => s + w, 0);
    expect(site['site-build'] / siteTotal).toBeGreaterThan(0.5);
    expect(Object.keys(profileByName('database').weights).sort()).toEqual([
      'buffered-read',
      'dd-write',
      'large-write',
    ]);
    expect(rails['page-reload']).toBeGreaterThan(rails['dd-write']);
    const node = profileByName('node-frontend').weights;
    expect(node['npm-install']).toBeGreaterThanOrEqual(Math.max(...Object.values(node)));
    const mono = profileByName('monorepo').weights;
    expect(mono['git-status']).toBeGreaterThanOrEqual(Math.max(...Object.values(mono)));
    expect(profileByName('balanced')).toMatchObject({ weights: {}, otherWorkloads: 1 });
  });
});

describe('resolveProfile', () => {
  it('takes a built-in name or custom weights', () => {
    expect(resolveProfile('database').id).toBe('database');
    expect(resolveProfile(' small-file-read=2 ').weights).toEqual({ 'small-file-read': 2 });
  });
  it('names the valid profiles when the name is unknown', () => {
    expect(() => resolveProfile('rails')).toThrow(MountbenchError);
    expect(() => resolveProfile('rails')).toThrow(
      /unknown profile "rails"; choose rails-php, static-site, database, node-frontend, monorepo, balanced/,
    );
  });
});
