// A TypeScript entry bundled once into a temp file, for unit tests that start many real worker
// threads or child processes from it: each one started from the sources loads tsx and compiles the
// core again (about a second on a quiet machine, four on a loaded one); a bundle loads in a
// fraction of that. The code is the same either way, in a real thread or process; only how it is
// loaded differs, as in the desktop app (main names its built worker entry, setWorkerEntry).
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { setWorkerEntry } from '../worker-start';

// esbuild as tsx (a devDependency) has it: the one the sources are already compiled with.
const esbuild = createRequire(createRequire(__filename).resolve('tsx/package.json'))('esbuild') as {
  buildSync(options: Record<string, unknown>): unknown;
};

export interface Bundle {
  /** The bundle, a CommonJS file plain Node runs. */
  file: string;
  /** Deletes the bundle (and, for the worker entry, forgets it: workers start from the sources again). */
  remove(): void;
}

/** `entry` (an absolute .ts path) and everything it imports, in one file. */
export function bundleForTest(entry: string): Bundle {
  const dir = mkdtempSync(join(tmpdir(), 'mb-bundle-'));
  const file = join(dir, `${basename(entry, '.ts')}.cjs`);
  esbuild.buildSync({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: `node${process.versions.node.split('.')[0]}`,
    outfile: file,
    logLevel: 'silent',
    // ssh2 (through dockerode) loads this native add-on inside a try; a bundle cannot hold it.
    external: ['cpu-features'],
  });
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Bundles worker-entry.ts and names it as every core worker's entry until remove(). */
export function useBundledWorkerEntry(): Bundle {
  const bundle = bundleForTest(join(__dirname, '..', 'worker-entry.ts'));
  setWorkerEntry(bundle.file);
  return {
    file: bundle.file,
    remove() {
      setWorkerEntry(null);
      bundle.remove();
    },
  };
}
