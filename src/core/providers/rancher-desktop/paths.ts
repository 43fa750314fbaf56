// Where Rancher Desktop keeps things on a Mac, relative to the (injectable) home folder.
import path from 'node:path';

export const RANCHER_DESKTOP_CONTEXT = 'rancher-desktop';

export function settingsFile(home: string): string {
  return path.join(home, 'Library', 'Preferences', 'rancher-desktop', 'settings.json');
}

/** The API credentials file (`user`, `password`, `port`, `pid`) the app writes when it starts. */
export function rdEngineFile(home: string): string {
  return path.join(home, 'Library', 'Application Support', 'rancher-desktop', 'rd-engine.json');
}

export function engineSocket(home: string): string {
  return path.join(home, '.rd', 'docker.sock');
}

/** Rancher Desktop.app locations, to tell "installed" when rdctl is not on PATH. */
export function appCandidates(home: string): string[] {
  return [path.join(home, 'Applications', 'Rancher Desktop.app'), '/Applications/Rancher Desktop.app'];
}
