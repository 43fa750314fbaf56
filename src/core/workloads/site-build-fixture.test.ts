import { describe, expect, it } from 'vitest';
import { fixtureFacts } from './fixture-facts';
import { siteBuild } from './site-build';
import {
  SITE_ASSET_MTIME,
  siteAssetContent,
  siteBuildFixture,
  siteFolders,
  sitePageContent,
  siteOutputPath,
} from './site-build-fixture';

describe('site-build fixture', () => {
  it('is the published site by default: 4,000 files, ~800 MB, ~60 folders', () => {
    const params = siteBuild.sizes.default;
    const spec = siteBuildFixture(params);
    const facts = fixtureFacts(spec);
    expect(facts.files).toBe(4_000);
    expect(facts.dirs).toBe(61);
    expect(facts.bytes).toBe(3_600 * 12_288 + 400 * 1_900_000);
    expect(facts.bytes / 1e6).toBeGreaterThan(780);
    expect(facts.bytes / 1e6).toBeLessThan(820);
    expect({ entries: facts.entries, bytes: facts.bytes }).toEqual({
      entries: spec.entryCount,
      bytes: spec.totalBytes,
    });
    expect(facts.paths.filter((p) => p.endsWith('.md'))).toHaveLength(3_600);
    expect(facts.paths.filter((p) => p.endsWith('.png'))).toHaveLength(400);
  });

  it('has a quick size of 360 pages and 20 smaller assets', () => {
    const facts = fixtureFacts(siteBuildFixture(siteBuild.sizes.quick));
    expect(facts.files).toBe(380);
    expect(facts.bytes).toBe(360 * 12_288 + 20 * 262_144);
  });

  it('is the same on every iteration and every call (deterministic, re-iterable)', () => {
    const params = siteBuild.sizes.quick;
    const spec = siteBuildFixture(params);
    const first = fixtureFacts(spec);
    expect(fixtureFacts(spec).digest).toBe(first.digest);
    expect(fixtureFacts(siteBuildFixture(params)).digest).toBe(first.digest);
    expect(fixtureFacts(siteBuildFixture({ ...params, pages: params.pages + 1 })).digest).not.toBe(
      first.digest,
    );
  });

  it('spreads pages and assets over nested folders', () => {
    const facts = fixtureFacts(siteBuildFixture(siteBuild.sizes.default));
    const depth = (p: string) => p.split('/').length - 1;
    const pagesIn = new Set(
      facts.paths.filter((p) => p.endsWith('.md')).map((p) => p.replace(/\/[^/]*$/, '')),
    );
    expect(pagesIn.size).toBe(61);
    expect(Math.max(...facts.paths.map(depth))).toBe(3);
  });

  it('writes pages with YAML front matter between --- lines, and a title', () => {
    const params = siteBuild.sizes.default;
    const folders = siteFolders(params);
    const page = sitePageContent(params, folders, 42).toString('utf8');
    expect(page).toHaveLength(params.pageBytes);
    const lines = page.split('\n');
    expect(lines[0]).toBe('---');
    expect(lines.indexOf('---', 1)).toBeGreaterThan(2);
    expect(lines.slice(0, lines.indexOf('---', 1))).toContain('title: Page 00042');
    expect(page.endsWith('\n')).toBe(true);
    expect(page).toMatch(/^## Section \d+$/m);
  });

  it('shares one PNG-like asset buffer, with an old fixed mtime on every asset', () => {
    const params = siteBuild.sizes.quick;
    expect(siteAssetContent(params.assetBytes)).toBe(siteAssetContent(params.assetBytes));
    expect(siteAssetContent(params.assetBytes).subarray(0, 4).toString('latin1')).toBe('\x89PNG');
    const assets = [...siteBuildFixture(params).entries()].filter(
      (e) => e.type === 'file' && e.path.endsWith('.png'),
    );
    expect(assets.every((e) => e.type === 'file' && e.mtime === SITE_ASSET_MTIME)).toBe(true);
  });

  it('maps a source page to its rendered output path', () => {
    expect(siteOutputPath('src/section-01/part-2/page-00007.md')).toBe(
      'out/section-01/part-2/page-00007.html',
    );
    expect(siteOutputPath('src/page-00000.md')).toBe('out/page-00000.html');
  });
});
