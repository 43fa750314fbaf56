import { describe, expect, it } from 'vitest';
import { cacheDir, dataDir, resultsDir } from './data-paths';

const mac = { platform: 'darwin' as const, home: '/Users/alice', env: {} };
const linux = { platform: 'linux' as const, home: '/home/bob', env: {} };
const windows = { platform: 'win32' as const, home: 'C:\\Users\\carol', env: {} };

describe('dataDir', () => {
  it('uses each platform usual data folder', () => {
    expect(dataDir(mac)).toBe('/Users/alice/Library/Application Support/Mountbench');
    expect(dataDir(linux)).toBe('/home/bob/.local/share/mountbench');
    expect(dataDir({ ...windows, env: { APPDATA: 'C:\\Users\\carol\\AppData\\Roaming' } })).toBe(
      'C:\\Users\\carol\\AppData\\Roaming\\Mountbench',
    );
    expect(dataDir(windows)).toBe('C:\\Users\\carol\\AppData\\Roaming\\Mountbench');
  });

  it('honours XDG_DATA_HOME on Linux, but only an absolute one (XDG spec)', () => {
    expect(dataDir({ ...linux, env: { XDG_DATA_HOME: '/data/bob' } })).toBe('/data/bob/mountbench');
    expect(dataDir({ ...linux, env: { XDG_DATA_HOME: 'relative/dir' } })).toBe(
      '/home/bob/.local/share/mountbench',
    );
  });

  it("prefers Electron's userData over the platform folder", () => {
    expect(dataDir({ ...mac, userData: '/Users/alice/Library/Application Support/mountbench-app' })).toBe(
      '/Users/alice/Library/Application Support/mountbench-app',
    );
  });

  it('lets MOUNTBENCH_DATA_DIR win over everything, and ignores it when empty', () => {
    const env = { MOUNTBENCH_DATA_DIR: '/srv/bench', XDG_DATA_HOME: '/data/bob' };
    expect(dataDir({ ...linux, env, userData: '/elsewhere' })).toBe('/srv/bench');
    expect(dataDir({ ...linux, env: { MOUNTBENCH_DATA_DIR: '' } })).toBe('/home/bob/.local/share/mountbench');
  });

  it('makes a relative MOUNTBENCH_DATA_DIR absolute', () => {
    const dir = dataDir({ ...linux, env: { MOUNTBENCH_DATA_DIR: 'bench-data' } });
    expect(dir).toBe(`${process.cwd()}/bench-data`);
  });
});

describe('cacheDir', () => {
  it('uses ~/Library/Caches on macOS (inside /Users, which Docker Desktop shares by default)', () => {
    expect(cacheDir(mac)).toBe('/Users/alice/Library/Caches/Mountbench');
  });

  it('uses XDG_CACHE_HOME or ~/.cache on Linux', () => {
    expect(cacheDir(linux)).toBe('/home/bob/.cache/mountbench');
    expect(cacheDir({ ...linux, env: { XDG_CACHE_HOME: '/var/cache/bob' } })).toBe(
      '/var/cache/bob/mountbench',
    );
  });

  it('uses LOCALAPPDATA on Windows', () => {
    expect(cacheDir({ ...windows, env: { LOCALAPPDATA: 'D:\\Local' } })).toBe('D:\\Local\\Mountbench\\Cache');
  });

  it('lets MOUNTBENCH_CACHE_DIR win', () => {
    expect(cacheDir({ ...mac, env: { MOUNTBENCH_CACHE_DIR: '/Users/alice/bench-cache' } })).toBe(
      '/Users/alice/bench-cache',
    );
  });
});

describe('resultsDir', () => {
  it('is a results folder inside the data folder', () => {
    expect(resultsDir('/srv/bench')).toBe('/srv/bench/results');
  });
});
