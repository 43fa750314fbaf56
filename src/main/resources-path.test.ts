import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RUNTIME_RESOURCES, resourcePath } from './resources-path';

const root = join(__dirname, '..', '..');

/** The `from`/`to` pairs of electron-builder.yml's extraResources (the file has no other `from:`). */
function extraResources(): { from: string; to: string }[] {
  const text = readFileSync(join(root, 'electron-builder.yml'), 'utf8');
  return [...text.matchAll(/^\s*-\s*from:\s*(\S+)\s*\n\s*to:\s*(\S+)\s*$/gm)].map((m) => ({
    from: m[1],
    to: m[2],
  }));
}

/** Width and height from a PNG's IHDR chunk, or null when the bytes are not a PNG. */
function pngSize(file: string): [number, number] | null {
  const bytes = readFileSync(file);
  if (!bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return null;
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

/** The element types of an .icns file, with whether each element's payload is a PNG. */
function icnsElements(file: string): Map<string, boolean> {
  const bytes = readFileSync(file);
  expect(bytes.toString('latin1', 0, 4)).toBe('icns');
  expect(bytes.readUInt32BE(4)).toBe(bytes.length);
  const elements = new Map<string, boolean>();
  for (let at = 8; at < bytes.length;) {
    const length = bytes.readUInt32BE(at + 4);
    expect(length, `element at byte ${at}`).toBeGreaterThan(8);
    elements.set(bytes.toString('latin1', at, at + 4), bytes.toString('latin1', at + 9, at + 12) === 'PNG');
    at += length;
  }
  return elements;
}

describe('resourcePath', () => {
  it('finds every runtime resource in the checkout while developing', () => {
    for (const name of RUNTIME_RESOURCES) {
      const path = resourcePath(name, { isPackaged: false, appPath: root, resourcesPath: '/not/used' });
      expect(path).toBe(join(root, 'resources', name));
      expect(existsSync(path), path).toBe(true);
    }
  });

  it('looks in process.resourcesPath once packaged, where extraResources puts each file', () => {
    const copied = extraResources();
    for (const name of RUNTIME_RESOURCES) {
      const where = { isPackaged: true, appPath: '/app/resources/app.asar', resourcesPath: '/app/resources' };
      expect(resourcePath(name, where)).toBe(join('/app/resources', name));
      expect(copied).toContainEqual({ from: `resources/${name}`, to: name });
    }
  });
});

describe('the icons packaging uses', () => {
  it('has the window icon at 512 px and the Linux package icon at 1024 px', () => {
    expect(pngSize(join(root, 'resources', 'icon.png'))).toEqual([512, 512]);
    expect(pngSize(join(root, 'build', 'icon.png'))).toEqual([1024, 1024]);
  });

  it('has a macOS icon with every size Finder and the Dock ask for, large ones as PNG', () => {
    const elements = icnsElements(join(root, 'build', 'icon.icns'));
    // 16-128 px as the classic bitmaps with masks, 128-1024 px (and @2x) as PNG, as iconutil writes them.
    for (const bitmap of ['is32', 's8mk', 'il32', 'l8mk', 'it32', 't8mk'])
      expect(elements.get(bitmap)).toBe(false);
    for (const png of ['ic07', 'ic08', 'ic09', 'ic10', 'ic11', 'ic12', 'ic13', 'ic14'])
      expect(elements.get(png), png).toBe(true);
  });
});
