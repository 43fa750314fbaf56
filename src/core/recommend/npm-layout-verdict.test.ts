// npm-install's verdict names the layout, as the comparison it stands for did.
import { describe, expect, it } from 'vitest';
import { npmLayoutOf, npmLayoutSentence } from '../../shared/npm-layouts';
import type { Backend, WorkloadResult } from '../../shared/result-schema';
import { summarize } from '../stats';
import { npmLayoutVerdict } from './npm-layout-verdict';

function result(backend: Backend, samples: number[], workload = 'npm-install'): WorkloadResult {
  return {
    backend,
    workload: { id: workload as WorkloadResult['workload']['id'], size: 'default', params: {} },
    fsType: 'ext4',
    clock: { source: 'adjtimex', resolutionSeconds: 1e-6, overheadSeconds: 0 },
    cache: 'warm',
    warmupRuns: 1,
    stats: summarize(samples),
    derived: {},
    warnings: [],
  };
}

const engine = { provider: 'docker-engine' as const, variant: 'fuse' };
const bind: Backend = {
  ...engine,
  id: 'e/fuse/bind',
  mount: 'bind',
  label: 'bind mount · FUSE share (bindfs)',
};
const split: Backend = {
  ...bind,
  id: 'e/fuse/bind+node_modules-volume',
  label: 'bind mount · FUSE share (bindfs) · node_modules in a named volume',
  dependencyVolume: 'node_modules',
};
const layer: Backend = { ...engine, id: 'e/fuse/layer', mount: 'layer', label: 'container layer' };
const host: Backend = {
  id: 'host',
  provider: null,
  variant: null,
  mount: 'host',
  label: 'host (no container): baseline',
};
const volume: Backend = { ...engine, id: 'e/fuse/volume', mount: 'volume', label: 'named volume' };

describe("npm-install's layout verdict", () => {
  it('maps each of the four layouts to its backend, and nothing else', () => {
    expect([host, layer, split, bind, volume].map(npmLayoutOf)).toEqual([
      'host',
      'image',
      'bind-volume',
      'bind',
      null,
    ]);
    expect(npmLayoutOf({ mount: 'bind', dependencyVolume: 'vendor/bundle' })).toBeNull();
  });

  it('names the fastest layout with its setting, and how much faster than the next', () => {
    const verdict = npmLayoutVerdict([
      result(bind, [9.4, 9.5, 9.6, 9.5]),
      result(split, [3.9, 4.0, 4.1, 4.0]),
      result(layer, [4.6, 4.7, 4.8, 4.7]),
      result(volume, [1, 1, 1, 1]),
      result(bind, [1, 1, 1, 1], 'small-file-read'),
    ])!;
    expect(verdict.rows.map((r) => r.layout)).toEqual(['bind-volume', 'image', 'bind']);
    expect(verdict.decided).toBe(true);
    expect(npmLayoutSentence(verdict)).toMatch(
      /^npm install: fastest layout here is bind mount with node_modules in a volume · FUSE share \(bindfs\) \(4\.00 s median\), 1\.18 × \(.*\) faster than in the image with no volume$/,
    );
  });

  it('says "not decided" when the two fastest overlap', () => {
    const verdict = npmLayoutVerdict([
      result(host, [2.0, 2.4, 1.8, 2.2]),
      result(layer, [2.1, 2.3, 1.9, 2.2]),
    ])!;
    expect(verdict.decided).toBe(false);
    expect(npmLayoutSentence(verdict)).toMatch(
      /on the host \(no container\).*; not decided against in the image/,
    );
  });

  it('gives no verdict with fewer than two layouts', () => {
    expect(npmLayoutVerdict([result(bind, [1, 2, 3])])).toBeNull();
  });
});
