import { describe, expect, it } from 'vitest';
import {
  GIT_NEEDLE,
  gitRepoFacts,
  gitRepoFixture,
  noiseBuffer,
  planGitRepo,
  sizeAt,
  textBuffer,
} from './git-repo-fixture';
import { REPO_SHAPE } from './repo-shape';
import { GIT_REPO_SIZES } from './git-status';

const quick = GIT_REPO_SIZES.quick;

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

describe('the git repository fixture', () => {
  it('is the same tree for the same seed, and another for another seed', () => {
    const paths = (seed: number) =>
      [...gitRepoFixture({ ...quick, seed }).entries()].map(
        (e) => `${e.path}:${e.type === 'file' ? e.size : 'd'}`,
      );
    expect(paths(26)).toEqual(paths(26));
    expect(paths(27)).not.toEqual(paths(26));
  });

  it('says its entry count and bytes exactly, with folders before the files in them', () => {
    const spec = gitRepoFixture(quick);
    const seen = new Set<string>();
    let entries = 0;
    let bytes = 0;
    for (const e of spec.entries()) {
      entries++;
      const parent = e.path.includes('/') ? e.path.slice(0, e.path.lastIndexOf('/')) : null;
      if (parent) expect(seen.has(parent), e.path).toBe(true);
      if (e.type === 'dir') seen.add(e.path);
      else {
        bytes += e.size;
        expect(e.content!().length, e.path).toBe(e.size);
      }
    }
    expect(entries).toBe(spec.entryCount);
    expect(bytes).toBe(spec.totalBytes);
  });

  it('keeps the measured shape: depths, size quantiles, total from the anchor, build output share', () => {
    const plan = planGitRepo(GIT_REPO_SIZES.default);
    const facts = gitRepoFacts(plan);
    expect(facts.trackedFiles).toBe(47_001);
    // The anchor's 589 MB, give or take the rounding of each file.
    expect(Math.abs(facts.trackedBytes - REPO_SHAPE.anchor.bytes) / REPO_SHAPE.anchor.bytes).toBeLessThan(
      0.001,
    );
    const depthOf = (f: number) => (f < 0 ? 0 : plan.folders[f].split('/').length);
    const byDepth = new Array<number>(REPO_SHAPE.filesByDepth.length).fill(0);
    for (const f of plan.folderOf) byDepth[depthOf(f)]++;
    REPO_SHAPE.filesByDepth.forEach((n, d) =>
      expect(Math.abs(byDepth[d] / 47_000 - n / REPO_SHAPE.trackedFiles)).toBeLessThan(0.002),
    );
    // Sizes are the measured ones scaled to the anchor's mean: the median moves by that factor.
    const sorted = [...plan.sizes].sort((a, b) => a - b);
    const scale =
      REPO_SHAPE.anchor.bytes / REPO_SHAPE.anchor.files / (REPO_SHAPE.trackedBytes / REPO_SHAPE.trackedFiles);
    const median = quantile(sorted, 0.5);
    expect(median).toBeGreaterThan(REPO_SHAPE.sizeQuantiles[3][1] * scale * 0.5);
    expect(median).toBeLessThan(REPO_SHAPE.sizeQuantiles[3][1] * 1.1);
    const ignoredShare = facts.ignoredBytes / (facts.ignoredBytes + facts.trackedBytes);
    const measuredShare = REPO_SHAPE.ignored.bytes / (REPO_SHAPE.ignored.bytes + REPO_SHAPE.trackedBytes);
    expect(Math.abs(ignoredShare - measuredShare)).toBeLessThan(0.02);
  });

  it('interpolates sizes within the measured quantiles', () => {
    expect(sizeAt(REPO_SHAPE, 0.5)).toBe(1_986);
    expect(sizeAt(REPO_SHAPE, 0.3)).toBeGreaterThan(606);
    expect(sizeAt(REPO_SHAPE, 0.3)).toBeLessThan(1_986);
  });

  it('holds the planted string exactly `planted` times, never in generated text or build output', () => {
    expect(textBuffer().includes(GIT_NEEDLE)).toBe(false);
    expect(noiseBuffer().includes(GIT_NEEDLE)).toBe(false);
    let found = 0;
    for (const e of gitRepoFixture(quick).entries()) {
      if (e.type !== 'file') continue;
      const text = e.content!().toString('latin1');
      for (let at = text.indexOf(GIT_NEEDLE); at >= 0; at = text.indexOf(GIT_NEEDLE, at + 1)) {
        expect(e.path.endsWith('.pyc'), e.path).toBe(false);
        found++;
      }
    }
    expect(found).toBe(quick.planted);
  });

  it('makes every .pyc start with CPython 3.11’s magic number', () => {
    const magic = Buffer.from([0xa7, 0x0d, 0x0d, 0x0a]);
    let pycs = 0;
    for (const e of gitRepoFixture(quick).entries()) {
      if (e.type !== 'file' || !e.path.endsWith('.pyc')) continue;
      pycs++;
      expect(e.content!().subarray(0, 4).equals(magic), e.path).toBe(true);
    }
    expect(pycs).toBeGreaterThan(1_000);
  });

  it('keeps every path within the fixture path limit', () => {
    for (const e of gitRepoFixture(GIT_REPO_SIZES.default).entries()) expect(e.path.length).toBeLessThan(99);
  });
});
