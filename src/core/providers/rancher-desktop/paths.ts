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

/**
 * The Lima instance Rancher Desktop runs its VM as on a Mac: instance `0` (backend/lima.ts,
 * MACHINE_NAME) in its own Lima home under Application Support (`paths.lima`), which holds Lima's
 * pid files while the VM runs.
 */
export function limaInstanceDir(home: string): string {
  return path.join(home, 'Library', 'Application Support', 'rancher-desktop', 'lima', '0');
}

export function engineSocket(home: string): string {
  return path.join(home, '.rd', 'docker.sock');
}

/** Rancher Desktop.app locations, to tell "installed" when rdctl is not on PATH. */
export function appCandidates(home: string): string[] {
  return [path.join(home, 'Applications', 'Rancher Desktop.app'), '/Applications/Rancher Desktop.app'];
}
