import { describe, expect, it } from 'vitest';
import { withProductFolders } from './mac-path';

describe('withProductFolders', () => {
  it('adds the product folders after the existing PATH, once', () => {
    const path = withProductFolders('/usr/bin:/bin:/usr/local/bin', '/Users/u');
    expect(path.split(':')).toEqual([
      '/usr/bin',
      '/bin',
      '/usr/local/bin',
      '/opt/homebrew/bin',
      // Then each product's own folders, in the registry's order (providers/product-modules.ts).
      '/Users/u/.docker/bin',
      '/Applications/Docker.app/Contents/Resources/bin',
      '/Users/u/.rd/bin',
      '/Users/u/.orbstack/bin',
      '/opt/podman/bin',
    ]);
  });
  it('works with no PATH at all', () => {
    expect(withProductFolders(undefined, '/Users/u').split(':')[0]).toBe('/opt/homebrew/bin');
  });
});
