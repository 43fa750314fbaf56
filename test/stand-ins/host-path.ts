// The host's PATH with every product CLI taken out, for stand-in sandboxes and tests that must not
// meet what this machine happens to have installed. A Mac with colima from Homebrew has qemu-img,
// limactl and krunkit on PATH; a test that expects "QEMU only where qemu is" would find the real one.
// Folders holding no product CLI are kept as they are; a folder that holds one is replaced by a
// folder of links to its other entries, made once per test process.
import { mkdirSync, mkdtempSync, readdirSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

/** Commands of the products Mountbench drives (or their helpers); only a stand-in may provide them. */
export const PRODUCT_COMMANDS: readonly string[] = [
  'colima',
  'limactl',
  'lima',
  'podman',
  'podman-mac-helper',
  'krunkit',
  'vfkit',
  'gvproxy',
  'qemu-img',
  'qemu-system-x86_64',
  'qemu-system-aarch64',
  'rdctl',
  'orb',
  'orbctl',
  'mutagen',
  'docker-sync',
  'docker-compose',
  'unison',
  'nerdctl',
  // A Mac's power and thermal reads: a machine that has them is a Mac, and a test meets only the stand-ins'.
  'pmset',
  'notifyutil',
];

const isProduct = (name: string) => PRODUCT_COMMANDS.includes(name);

let cached: { from: string; path: string } | undefined;

function listEntries(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function filteredCopy(dir: string, entries: string[], into: string): string {
  const copy = join(into, String(readdirSync(into).length));
  mkdirSync(copy);
  for (const entry of entries) {
    if (isProduct(entry)) continue;
    try {
      symlinkSync(join(dir, entry), join(copy, entry));
    } catch {
      // a name that cannot be linked is left out, as if not installed
    }
  }
  return copy;
}

/** `hostPath` (default: this process's PATH) without any product CLI. */
export function pathWithoutProducts(hostPath = process.env.PATH ?? ''): string {
  if (cached?.from === hostPath) return cached.path;
  let into: string | undefined;
  const dirs = hostPath.split(delimiter).filter((dir) => dir !== '');
  const kept = dirs.map((dir) => {
    const entries = listEntries(dir);
    if (!entries.some(isProduct)) return dir;
    if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) return dir;
    into ??= mkdtempSync(join(tmpdir(), 'mb-hostpath-'));
    return filteredCopy(dir, entries, into);
  });
  cached = { from: hostPath, path: kept.join(delimiter) };
  return cached.path;
}
