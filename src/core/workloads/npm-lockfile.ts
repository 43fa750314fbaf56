// What the npm-install workload needs from a package-lock.json: the tarball of every package, so the
// package cache can be filled before the run and `npm ci --offline` then finds everything there.
// The lockfiles ship with the app, but they are parsed as untrusted text all the same: bounded in
// size and count, every name and URL checked before it reaches npm's command line.
import { MountbenchError } from '../../shared/errors';

export interface LockedTarball {
  /** The package's name as the registry knows it (an alias's real name). */
  name: string;
  version: string;
  /** Where npm fetches it; built from the registry when the lockfile omits `resolved`. */
  url: string;
  integrity: string;
}

export const MAX_LOCKFILE_BYTES = 8 * 1024 * 1024;
export const MAX_LOCKED_PACKAGES = 10_000;

// npm's rules for a package name (validate-npm-package-name): lower case, URL-safe, an optional scope.
const PACKAGE_NAME = /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/;
const VERSION = /^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.+-]+)?$/;
const INTEGRITY = /^sha(?:1|256|384|512)-[A-Za-z0-9+/=]+$/;
const TARBALL_URL = /^https:\/\/[A-Za-z0-9.-]+(?::\d+)?\/[A-Za-z0-9@%._~/-]+\.tgz$/;

function bad(source: string, why: string): MountbenchError {
  return new MountbenchError('FILE_INVALID', `${source} is not a lockfile npm-install can use: ${why}`);
}

/** The name a `packages` key installs: the part after its last `node_modules/`. */
function nameOfPath(path: string): string {
  const at = path.lastIndexOf('node_modules/');
  return at < 0 ? '' : path.slice(at + 'node_modules/'.length);
}

function defaultTarballUrl(registry: string, name: string, version: string): string {
  const base = name.startsWith('@') ? name.slice(name.indexOf('/') + 1) : name;
  return `${registry.replace(/\/+$/, '')}/${name}/-/${base}-${version}.tgz`;
}

/**
 * Every tarball a lockfile (version 2 or 3, as npm 7 and later write) installs, once each. Links,
 * bundled packages and the root have none. `registry` stands in where `resolved` is omitted
 * (npm's `omit-lockfile-registry-resolved`).
 */
export function lockedTarballs(
  text: string,
  source: string,
  registry = 'https://registry.npmjs.org/',
): LockedTarball[] {
  if (Buffer.byteLength(text) > MAX_LOCKFILE_BYTES)
    throw bad(source, `larger than ${MAX_LOCKFILE_BYTES} bytes`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw bad(source, `not JSON (${(err as Error).message})`);
  }
  if (typeof parsed !== 'object' || parsed === null) throw bad(source, 'not an object');
  const lock = parsed as { lockfileVersion?: unknown; packages?: unknown };
  if (lock.lockfileVersion !== 2 && lock.lockfileVersion !== 3)
    throw bad(source, `lockfileVersion ${String(lock.lockfileVersion)}; npm 7 or later writes 2 or 3`);
  if (typeof lock.packages !== 'object' || lock.packages === null) throw bad(source, 'no "packages" object');
  const entries = Object.entries(lock.packages as Record<string, unknown>);
  if (entries.length > MAX_LOCKED_PACKAGES) throw bad(source, `more than ${MAX_LOCKED_PACKAGES} packages`);
  const byIntegrity = new Map<string, LockedTarball>();
  for (const [path, value] of entries) {
    if (path === '') continue;
    if (typeof value !== 'object' || value === null) throw bad(source, `${path} is not an object`);
    const entry = value as Record<string, unknown>;
    if (entry.link === true || entry.inBundle === true) continue;
    const name = typeof entry.name === 'string' ? entry.name : nameOfPath(path);
    const { version, integrity, resolved } = entry;
    if (!PACKAGE_NAME.test(name)) throw bad(source, `${JSON.stringify(path)} has no valid package name`);
    if (typeof version !== 'string' || !VERSION.test(version))
      throw bad(source, `${path} has no valid version`);
    if (typeof integrity !== 'string' || !INTEGRITY.test(integrity))
      throw bad(source, `${path} has no integrity hash: npm ci cannot check it offline`);
    const url = typeof resolved === 'string' ? resolved : defaultTarballUrl(registry, name, version);
    if (!TARBALL_URL.test(url))
      throw bad(source, `${path} resolves to ${JSON.stringify(url)}, not an https tarball`);
    byIntegrity.set(integrity, { name, version, url, integrity });
  }
  if (!byIntegrity.size) throw bad(source, 'it locks no packages');
  return [...byIntegrity.values()];
}
