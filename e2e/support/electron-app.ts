// The desktop app through Playwright's `_electron.launch`, where an Electron binary is installed
// (a Mac after `npm install`, or Linux with a display). Where it is not, the Electron project's
// flows are reported as skipped with the reason, never as passed.
import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { _electron, type ElectronApplication, type Page } from '@playwright/test';
import { REPO_ROOT } from './paths';

export const ELECTRON_NOT_INSTALLED = 'Electron binary not installed';

/** The Electron binary `require('electron')` names, if it is really there. */
export function electronBinary(): string | null {
  try {
    const found: unknown = createRequire(__filename)('electron');
    return typeof found === 'string' && existsSync(found) ? found : null;
  } catch {
    // The electron package throws when its postinstall did not download the binary.
    return null;
  }
}

/** Why the Electron flows cannot run on this machine, or null when they can. */
export function electronSkipReason(): string | null {
  if (!electronBinary()) return ELECTRON_NOT_INSTALLED;
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    return 'Electron needs a display on Linux: run the flows under xvfb-run';
  }
  return null;
}

export interface ElectronLaunch {
  app: ElectronApplication;
  page: Page;
  pid: number;
}

/**
 * Launches the built app (out/main/index.js). With `hideFolder`, Electron starts in a mount
 * namespace of its own where that folder is an empty tmpfs (see serve-process.ts): Playwright
 * passes its own flags first, so a small wrapper script carries the `unshare`.
 */
export async function launchElectron(options: {
  env: NodeJS.ProcessEnv;
  hideFolder?: string;
  scratchDir: string;
}): Promise<ElectronLaunch> {
  const binary = electronBinary();
  if (!binary) throw new Error(ELECTRON_NOT_INSTALLED);
  let executablePath = binary;
  if (options.hideFolder) {
    executablePath = join(options.scratchDir, 'electron-in-namespace.sh');
    writeFileSync(
      executablePath,
      '#!/bin/sh\n' +
        `exec unshare --mount --propagation private sh -c 'mount -t tmpfs mountbench-e2e "$1" && shift && exec "$@"' sh ` +
        `'${options.hideFolder}' '${binary}' "$@"\n`,
    );
    chmodSync(executablePath, 0o755);
  }
  const app = await _electron.launch({
    executablePath,
    // Chromium's sandbox cannot start as root (CI containers on Linux); everywhere else it stays on.
    args: [...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), join(REPO_ROOT, 'out', 'main', 'index.js')],
    cwd: REPO_ROOT,
    env: options.env as Record<string, string>,
    // Playwright leaves Electron's downloads to the app (a save dialog) unless told to take them.
    acceptDownloads: true,
  });
  const page = await app.firstWindow();
  const pid = app.process().pid;
  if (pid === undefined) throw new Error('the Electron app has no pid');
  return { app, page, pid };
}
