// Which NFS export an `nfs-volume` backend mounts, and where no export exists, what the user must do.
// The export is the host's (on a Mac: Apple's nfsd serving /etc/exports); the engine's VM mounts it
// as a named volume of the local driver, reaching the host by name (`host.docker.internal`).
// MOUNTBENCH_NFS_EXPORT=<address>:<path> names it outright (another server, another address the
// engine reaches the host by); otherwise the first writable folder in /etc/exports is used.
import { existsSync, statSync } from 'node:fs';
import { readExportsFile, type ExportsDialect } from './exports-file';

export const NFS_EXPORT_ENV = 'MOUNTBENCH_NFS_EXPORT';
export const NFS_VERSION_ENV = 'MOUNTBENCH_NFS_VERSION';
const NFS_VERSIONS = ['3', '4', '4.0', '4.1', '4.2'] as const;
export type NfsVersion = (typeof NFS_VERSIONS)[number];

export interface NfsExport {
  /** The server as the engine reaches it (the volume's `addr=`). */
  address: string;
  /** The exported folder: on this host, and as the server names it (the same path). */
  path: string;
  version: NfsVersion;
  /** Where it was found, for messages: the variable or the exports file. */
  source: string;
}

export type NfsExportLookup = { found: NfsExport } | { found: null; reason: string };

export interface NfsLookupOptions {
  platform?: NodeJS.Platform;
  /** The exports file to read; /etc/exports by default (both macOS and Linux keep it there). */
  exportsFile?: string;
}

/** Apple's nfsd serves NFSv3 (its NFSv4 is experimental and off by default); Linux servers serve 4. */
function defaultVersion(platform: NodeJS.Platform): NfsVersion {
  return platform === 'darwin' ? '3' : '4';
}

/**
 * How the engine reaches the host: on a Mac the engine is in a VM and Docker Desktop (and OrbStack)
 * resolve `host.docker.internal` to the host; a Linux engine shares the host's network.
 */
function defaultAddress(platform: NodeJS.Platform): string {
  return platform === 'darwin' ? 'host.docker.internal' : '127.0.0.1';
}

function versionOf(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): NfsVersion | string {
  const raw = env[NFS_VERSION_ENV];
  if (raw === undefined || raw === '') return defaultVersion(platform);
  return (NFS_VERSIONS as readonly string[]).includes(raw)
    ? (raw as NfsVersion)
    : `${NFS_VERSION_ENV}="${raw.slice(0, 20)}" is not one of ${NFS_VERSIONS.join(', ')}`;
}

const ADDRESS = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})(?:\.[A-Za-z0-9-]{1,63})*|\d{1,3}(?:\.\d{1,3}){3})$/;

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** `address:/path` from the variable: a host name or IPv4 address, then an absolute folder here. */
export function parseExportVariable(value: string): { address: string; path: string } | string {
  const colon = value.indexOf(':');
  const address = colon > 0 ? value.slice(0, colon) : '';
  const path = colon > 0 ? value.slice(colon + 1) : '';
  if (!ADDRESS.test(address) || !path.startsWith('/') || path.split('/').includes('..') || path.length > 1024)
    return `${NFS_EXPORT_ENV} must be <host name or IPv4 address>:<absolute folder>, not "${value.slice(0, 80)}"`;
  return { address, path: path.replace(/\/+$/, '') || '/' };
}

/** The export to measure, or why there is none (with what to do: adviceFor). */
export function findNfsExport(env: NodeJS.ProcessEnv, options: NfsLookupOptions = {}): NfsExportLookup {
  const platform = options.platform ?? process.platform;
  const version = versionOf(env, platform);
  if (!(NFS_VERSIONS as readonly string[]).includes(version)) return { found: null, reason: version };
  const named = env[NFS_EXPORT_ENV];
  if (named) {
    const parsed = parseExportVariable(named);
    if (typeof parsed === 'string') return { found: null, reason: parsed };
    if (!isFolder(parsed.path))
      return {
        found: null,
        reason: `${NFS_EXPORT_ENV} names ${parsed.path}, which is not a folder on this host`,
      };
    return { found: { ...parsed, version: version as NfsVersion, source: NFS_EXPORT_ENV } };
  }
  const file = options.exportsFile ?? '/etc/exports';
  if (platform !== 'darwin' && platform !== 'linux')
    return { found: null, reason: `NFS exports are read on macOS and Linux only; set ${NFS_EXPORT_ENV}` };
  const dialect: ExportsDialect = platform === 'darwin' ? 'macos' : 'linux';
  if (!existsSync(file))
    return {
      found: null,
      reason: `${file} does not exist: this host exports no folder over NFS.\n${adviceFor(platform)}`,
    };
  const reading = readExportsFile(file, dialect);
  // The runner lays each backend's fixture in a folder of its own below the export, so on a Mac
  // the export must allow mounting subfolders (-alldirs).
  const usable = reading.entries.find((e) => e.writable && e.subfoldersMountable && isFolder(e.path));
  if (usable)
    return {
      found: {
        address: defaultAddress(platform),
        path: usable.path.replace(/\/+$/, '') || '/',
        version: version as NfsVersion,
        source: `${file} line ${usable.line}`,
      },
    };
  const why = reading.entries.length
    ? `no export in ${file} is a writable folder${dialect === 'macos' ? ' with -alldirs' : ''}`
    : `${file} exports nothing`;
  const problems = reading.problems.length ? ` (${reading.problems.slice(0, 3).join('; ')})` : '';
  return { found: null, reason: `${why}${problems}.\n${adviceFor(platform)}` };
}

/**
 * What the user runs to export a folder, needing admin rights. Mountbench never edits
 * /etc/exports or /etc/nfs.conf itself: the user's system files are theirs.
 */
export function adviceFor(platform: NodeJS.Platform): string {
  if (platform === 'darwin')
    return [
      'To measure an NFS volume, export a folder (needs admin rights; Mountbench never edits these files):',
      '  echo "/System/Volumes/Data$HOME -alldirs -mapall=$(id -u):$(id -g) localhost" | sudo tee -a /etc/exports',
      '  echo "nfs.server.mount.require_resv_port = 0" | sudo tee -a /etc/nfs.conf',
      '  sudo nfsd checkexports && sudo nfsd restart',
      `or name an export with ${NFS_EXPORT_ENV}=<address>:<folder>.`,
    ].join('\n');
  return [
    'To measure an NFS volume, export a folder (needs admin rights; Mountbench never edits these files):',
    '  sudo apt-get install nfs-kernel-server',
    '  echo "/srv/mountbench-nfs 127.0.0.1(rw,sync,no_subtree_check,insecure)" | sudo tee -a /etc/exports',
    '  sudo mkdir -p /srv/mountbench-nfs && sudo chown "$(id -u):$(id -g)" /srv/mountbench-nfs && sudo exportfs -ra',
    `or name an export with ${NFS_EXPORT_ENV}=<address>:<folder>.`,
  ].join('\n');
}
