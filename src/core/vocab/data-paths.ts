// Where Mountbench keeps results (data) and fixtures (cache). Everything is injectable so the
// rules of every platform are testable on any platform.
import os from 'node:os';
import path from 'node:path';
import { MountbenchError } from '../../shared/errors';

export interface PathOptions {
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  home?: string;
  /** Electron's `app.getPath('userData')`, when running inside the desktop app. */
  userData?: string;
}

const APP_DIR = 'Mountbench';
const APP_DIR_LOWER = 'mountbench';

function pathFor(platform: NodeJS.Platform): path.PlatformPath {
  return platform === 'win32' ? path.win32 : path.posix;
}

/** An environment override counts only when set and non-empty; relative ones are made absolute. */
function override(value: string | undefined, p: path.PlatformPath): string | undefined {
  return value && value.trim() !== '' ? p.resolve(value) : undefined;
}

/** The XDG base-directory spec says relative values are invalid and must be ignored. */
function xdg(value: string | undefined, p: path.PlatformPath): string | undefined {
  return value && p.isAbsolute(value) ? value : undefined;
}

/**
 * The home folder, which must be absolute: an empty or relative HOME would put results, the
 * journal and every product path under whatever folder Mountbench was started in.
 */
export function requireHome(home: string, p: path.PlatformPath = path): string {
  if (home.trim() === '' || !p.isAbsolute(home)) {
    throw new MountbenchError(
      'BAD_INPUT',
      `HOME is ${home.trim() === '' ? 'empty' : `"${home}", not an absolute path`}; Mountbench keeps its data and finds ` +
        'every product under the home folder. Set HOME to your home folder (or MOUNTBENCH_DATA_DIR ' +
        'to where results should go); nothing was done.',
    );
  }
  return home;
}

function resolved(options: PathOptions) {
  const platform = options.platform ?? process.platform;
  const p = pathFor(platform);
  const given = options.home ?? os.homedir();
  return {
    env: options.env ?? process.env,
    platform,
    // Checked only where a path is built from it: an override needs no home.
    get home() {
      return requireHome(given, p);
    },
    p,
  };
}

export function dataDir(options: PathOptions = {}): string {
  const r = resolved(options);
  const { env, platform, p } = r;
  const fromEnv = override(env.MOUNTBENCH_DATA_DIR, p);
  if (fromEnv) return fromEnv;
  if (options.userData) return options.userData;
  switch (platform) {
    case 'darwin':
      return p.join(r.home, 'Library', 'Application Support', APP_DIR);
    case 'win32':
      return p.join(env.APPDATA || p.join(r.home, 'AppData', 'Roaming'), APP_DIR);
    default:
      return p.join(xdg(env.XDG_DATA_HOME, p) ?? p.join(r.home, '.local', 'share'), APP_DIR_LOWER);
  }
}

/**
 * Fixtures for bind mounts live here. On macOS it must sit inside a folder every engine shares by
 * default: ~/Library/Caches is under /Users, which Docker Desktop, Rancher Desktop and colima share.
 */
export function cacheDir(options: Omit<PathOptions, 'userData'> = {}): string {
  const r = resolved(options);
  const { env, platform, p } = r;
  const fromEnv = override(env.MOUNTBENCH_CACHE_DIR, p);
  if (fromEnv) return fromEnv;
  switch (platform) {
    case 'darwin':
      return p.join(r.home, 'Library', 'Caches', APP_DIR);
    case 'win32':
      return p.join(env.LOCALAPPDATA || p.join(r.home, 'AppData', 'Local'), APP_DIR, 'Cache');
    default:
      return p.join(xdg(env.XDG_CACHE_HOME, p) ?? p.join(r.home, '.cache'), APP_DIR_LOWER);
  }
}

export function resultsDir(dataDirectory: string): string {
  return path.join(dataDirectory, 'results');
}
