// Throwaway folders for one serve process or one Electron app: its results (MOUNTBENCH_DATA_DIR)
// and its fixtures (MOUNTBENCH_CACHE_DIR), so the flows never read or write a user's own results.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SandboxDirs {
  root: string;
  dataDir: string;
  cacheDir: string;
  /** The folder holding the stored run files. */
  resultsDir: string;
  remove(): void;
}

export function sandboxDirs(name: string): SandboxDirs {
  const root = mkdtempSync(join(tmpdir(), `mountbench-e2e-${name}-`));
  const dataDir = join(root, 'data');
  const cacheDir = join(root, 'cache');
  mkdirSync(dataDir);
  mkdirSync(cacheDir);
  return {
    root,
    dataDir,
    cacheDir,
    resultsDir: join(dataDir, 'results'),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** The bench image: MOUNTBENCH_IMAGE as given (empty: the pinned BusyBox), else the offline image. */
export function benchImage(): string {
  return process.env.MOUNTBENCH_IMAGE ?? 'mountbench/bench:offline';
}

/** The environment of a serve process or an Electron app that keeps to its sandbox folders. */
export function sandboxEnv(dirs: SandboxDirs, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    MOUNTBENCH_DATA_DIR: dirs.dataDir,
    MOUNTBENCH_CACHE_DIR: dirs.cacheDir,
    MOUNTBENCH_IMAGE: benchImage(),
    ...extra,
  };
}
