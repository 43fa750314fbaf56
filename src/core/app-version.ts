import pkg from '../../package.json';
import { buildCommit } from './build-commit';

/** The version written into every result file, so a figure can be traced to the code that took it. */
export const APP_VERSION: string = pkg.version;

// Replaced by the bundlers (vite.cli.config.ts, electron.vite.config.ts) with the commit the build
// was made from; undefined when the sources run directly (tsx, Vitest).
declare const __MOUNTBENCH_COMMIT__: string | undefined;

let commit: string | undefined;

/**
 * The commit of the code that runs: embedded at build time, or read from git in a checkout (once,
 * when first asked, so commands that never print it never start git).
 */
export function appCommit(): string {
  commit ??= typeof __MOUNTBENCH_COMMIT__ === 'string' ? __MOUNTBENCH_COMMIT__ : buildCommit(__dirname);
  return commit;
}

/** What `mountbench --version` prints: "0.1.0 (commit abc123def456)". */
export function versionLine(): string {
  return `${APP_VERSION} (commit ${appCommit()})`;
}

/** The `app` stamp of a result file: name, version and, when known, the commit. */
export function appStamp(version: string = APP_VERSION): {
  name: 'mountbench';
  version: string;
  commit?: string;
} {
  const known = appCommit();
  return { name: 'mountbench', version, ...(known === 'unknown' ? {} : { commit: known }) };
}
