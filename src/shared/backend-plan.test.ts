import { describe, expect, it } from 'vitest';
import { dependencySplitOf, planBackends } from './backend-plan';
import type { MountKind } from './ids';
import type { ProviderVariantView } from './sweep';

const VARIANTS: ProviderVariantView[] = [
  { id: 'native', label: 'native', available: true, affects: ['bind'] },
  { id: 'fuse', label: 'FUSE share (bindfs)', available: true, affects: ['bind'] },
  { id: 'gone', label: 'gone', available: false, reason: 'bindfs is not installed', affects: ['bind'] },
];

describe('planBackends', () => {
  it('measures unaffected mounts once and puts the host baseline last', () => {
    const ids = planBackends(
      { mounts: ['host', 'bind', 'volume'], variants: ['native', 'fuse'] },
      'docker-engine',
      VARIANTS,
    ).map((b) => b.id);
    expect(ids).toEqual([
      'docker-engine/native/bind',
      'docker-engine/native/volume',
      'docker-engine/fuse/bind',
      'host',
    ]);
  });
  it('names the variant only on the mounts it changes', () => {
    const labels = planBackends(
      { mounts: ['bind', 'volume'], variants: ['fuse'] },
      'docker-engine',
      VARIANTS,
    ).map((b) => b.label);
    expect(labels).toEqual(['bind mount · FUSE share (bindfs)', 'named volume']);
  });
  it('takes the first variant when none is asked for', () => {
    const backends = planBackends({ mounts: ['tmpfs'] }, 'docker-engine', VARIANTS);
    expect(backends).toEqual([
      {
        id: 'docker-engine/native/tmpfs',
        provider: 'docker-engine',
        variant: 'native',
        mount: 'tmpfs',
        label: 'tmpfs',
      },
    ]);
  });
  it('needs no provider for the host alone', () => {
    expect(planBackends({ mounts: ['host'] }, null, []).map((b) => b.id)).toEqual(['host']);
  });
  it('names the valid variants for an unknown one', () => {
    expect(() => planBackends({ mounts: ['bind'], variants: ['nfs'] }, 'docker-engine', VARIANTS)).toThrow(
      'unknown variant "nfs" for docker-engine; valid: native, fuse, gone',
    );
  });
  it('says why a variant is unavailable', () => {
    expect(() => planBackends({ mounts: ['bind'], variants: ['gone'] }, 'docker-engine', VARIANTS)).toThrow(
      /unavailable here: bindfs is not installed/,
    );
  });
  it('puts the dependency-folder twin beside each bind backend, and only there', () => {
    const backends = planBackends(
      {
        mounts: ['bind', 'volume', 'host'],
        variants: ['native', 'fuse'],
        custom: { command: 'npm test', folder: '/p', dependencyFolder: 'node_modules' },
      },
      'docker-engine',
      VARIANTS,
    );
    expect(backends.map((b) => b.id)).toEqual([
      'docker-engine/native/bind',
      'docker-engine/native/bind+node_modules-volume',
      'docker-engine/native/volume',
      'docker-engine/fuse/bind',
      'docker-engine/fuse/bind+node_modules-volume',
      'host',
    ]);
    expect(backends[1]).toMatchObject({ mount: 'bind', dependencyVolume: 'node_modules' });
    expect(backends[1].label).toBe('bind mount · native · node_modules in a named volume');
  });
  it("gives npm-install its node_modules twin: the comparison's bind-with-volume layout", () => {
    const request = {
      mounts: ['bind', 'layer', 'host'] as MountKind[],
      variants: ['native'],
      workloads: ['npm-install' as const],
    };
    expect(planBackends(request, 'docker-engine', VARIANTS).map((b) => b.id)).toEqual([
      'docker-engine/native/bind',
      'docker-engine/native/bind+node_modules-volume',
      'docker-engine/native/layer',
      'host',
    ]);
    expect(dependencySplitOf(request)).toEqual({ workloadId: 'npm-install', folder: 'node_modules' });
  });
  it("keeps the custom project's own split when both ask for one (one split per run)", () => {
    expect(
      dependencySplitOf({
        workloads: ['custom', 'npm-install'],
        custom: { command: 'make', folder: '/p', dependencyFolder: 'vendor/bundle' },
      }),
    ).toEqual({ workloadId: 'custom', folder: 'vendor/bundle' });
    expect(dependencySplitOf({ workloads: ['small-file-read'] })).toBeNull();
  });
});

describe('planBackends with a list of backends (a continuation)', () => {
  it('keeps only the named backends, in plan order', () => {
    const ids = planBackends(
      {
        mounts: ['bind', 'volume', 'host'],
        variants: ['native', 'fuse'],
        backends: ['docker-engine/fuse/bind', 'docker-engine/native/volume'],
      },
      'docker-engine',
      VARIANTS,
    ).map((b) => b.id);
    expect(ids).toEqual(['docker-engine/native/volume', 'docker-engine/fuse/bind']);
  });
  it('refuses a backend the plan does not make, naming the planned ones', () => {
    expect(() =>
      planBackends(
        { mounts: ['bind'], variants: ['fuse'], backends: ['docker-engine/native/bind'] },
        'docker-engine',
        VARIANTS,
      ),
    ).toThrow(/docker-engine\/native\/bind is not in this plan; planned: docker-engine\/fuse\/bind/);
  });
});
