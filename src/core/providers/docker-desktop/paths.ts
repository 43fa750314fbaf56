// Where Docker Desktop keeps things, relative to the (injectable) home folder.
import path from 'node:path';

export function settingsDir(home: string): string {
  return path.join(home, 'Library', 'Group Containers', 'group.com.docker');
}

export const STORE_FILE = 'settings-store.json';
export const LEGACY_FILE = 'settings.json';

export function engineSocket(home: string): string {
  return path.join(home, '.docker', 'run', 'docker.sock');
}

/** Docker.app locations to look for the version, most specific first. */
export function appCandidates(home: string, launchPath: string | null): string[] {
  const list = [launchPath, path.join(home, 'Applications', 'Docker.app'), '/Applications/Docker.app'];
  return list.filter((p, i): p is string => typeof p === 'string' && p !== '' && list.indexOf(p) === i);
}

export const DOCKER_DESKTOP_CONTEXT = 'desktop-linux';
