// Docker Desktop's two settings generations. Both name the same switches; only the spelling,
// the file and the version key differ. settings-store.json wins when both exist (4.35+ may leave
// the old file behind). Every fact here is in docs/product-facts.md (Docker Desktop), with its source.
import path from 'node:path';
import { promises as fs } from 'node:fs';
import { MountbenchError } from '../../../shared/errors';
import {
  parseJsonSettings,
  readSettingsFile,
  readSettingsVersion,
  type SettingsFile,
} from '../../settings-files';
import { LEGACY_FILE, settingsDir, STORE_FILE } from './paths';
import { LEGACY_KEYS, STORE_KEYS, type Switch } from './switch-keys';

export type { Switch } from './switch-keys';

export interface Generation {
  name: 'settings-store.json' | 'settings.json';
  file: string;
  versionKey: string;
  /** Newest settings version seen in a real file; a newer one is read with a warning. */
  newestKnown: number;
  keys: Record<Switch, string | null>;
  /**
   * What an absent switch means. settings-store.json is sparse (a fresh 4.4x–4.9x install writes
   * nine keys, none of them a switch): absent is Docker's documented default. The old
   * settings.json held every key, so an absent one there is unknown (null).
   */
  defaults: Record<Switch, boolean | null>;
  launchPathKey: string;
  /** The VM's memory in MiB (Settings › Resources). */
  memoryKey: string;
}

// Newest versions seen in real files: 34 for settings.json (4.34, unconfirmed), 46 for
// settings-store.json (40 in 4.35–4.37, 43 in late 2025, 45–46 in 2026). Docker Desktop has moved
// no file-sharing key between these, so a newer number is read with a warning, not refused
// (settings-files/versioned.ts).
export const NEWEST_LEGACY_VERSION = 39;
export const NEWEST_STORE_VERSION = 46;

export const STORE: Omit<Generation, 'file'> = {
  name: 'settings-store.json',
  versionKey: 'SettingsVersion',
  newestKnown: NEWEST_STORE_VERSION,
  keys: STORE_KEYS,
  // Docker's settings reference: the Apple Virtualization framework, VirtioFS and gRPC FUSE all
  // default to true (VirtioFS wins while both are on), Docker VMM does not; Rosetta is on unless
  // turned off (a real file shows UseVirtualizationFrameworkRosetta: false written when Docker VMM
  // is chosen). So a sparse file that turns only VirtioFS off runs gRPC FUSE, as the full 4.35 file
  // (UseGrpcfuse: true beside VirtioFS true) shows. No real sparse gRPC FUSE file has been found:
  // the sweep verifies every variant by the fs type the container sees after the restart.
  defaults: { vz: true, virtiofs: true, grpcfuse: true, libkrun: false, rosetta: true },
  launchPathKey: 'DockerAppLaunchPath',
  memoryKey: 'MemoryMiB',
};

export const LEGACY: Omit<Generation, 'file'> = {
  name: 'settings.json',
  versionKey: 'settingsVersion',
  newestKnown: NEWEST_LEGACY_VERSION,
  keys: LEGACY_KEYS,
  defaults: { vz: null, virtiofs: null, grpcfuse: null, libkrun: null, rosetta: null },
  launchPathKey: 'dockerAppLaunchPath',
  memoryKey: 'memoryMiB',
};

async function exists(file: string): Promise<boolean> {
  try {
    await fs.lstat(file);
    return true;
  } catch {
    return false;
  }
}

/** The generation in use, or null when neither file exists. */
export async function findGeneration(home: string): Promise<Generation | null> {
  const dir = settingsDir(home);
  const store = path.join(dir, STORE_FILE);
  if (await exists(store)) return { ...STORE, file: store };
  const legacy = path.join(dir, LEGACY_FILE);
  if (await exists(legacy)) return { ...LEGACY, file: legacy };
  return null;
}

export interface DockerDesktopSettings {
  generation: Generation;
  file: SettingsFile;
  version: number | null;
  /** Set when the file's version is newer than any Mountbench has seen. */
  versionWarning: string | null;
  /** What the file says; null where the key is absent. */
  written: Record<Switch, boolean | null>;
  /** What Docker Desktop runs with: the written value, else the generation's default. */
  switches: Record<Switch, boolean | null>;
  launchPath: string | null;
  /** The VM's memory as the file says it; null where absent or not a number. */
  memoryMiB: number | null;
}

/** Reads and checks the settings file; throws a clear MountbenchError for anything it cannot trust. */
export async function readDockerDesktopSettings(home: string): Promise<DockerDesktopSettings> {
  const generation = await findGeneration(home);
  if (!generation) {
    throw new MountbenchError(
      'FILE_INVALID',
      `Docker Desktop has no settings file in ${settingsDir(home)} (neither ${STORE_FILE} nor ${LEGACY_FILE}); start Docker Desktop once so it writes one.`,
    );
  }
  const file = await readSettingsFile(generation.file);
  const json = parseJsonSettings(file.text, generation.file);
  const { version, warning } = readSettingsVersion(
    json[generation.versionKey],
    generation.newestKnown,
    `Docker Desktop ${generation.file}`,
  );
  const written = {} as Record<Switch, boolean | null>;
  const switches = {} as Record<Switch, boolean | null>;
  for (const [name, key] of Object.entries(generation.keys) as [Switch, string | null][]) {
    const value = key ? json[key] : undefined;
    if (value !== undefined && typeof value !== 'boolean') {
      throw new MountbenchError(
        'FILE_INVALID',
        `${key} in ${generation.file} is ${JSON.stringify(value)}, not true/false; refusing to edit a file Mountbench does not understand.`,
      );
    }
    written[name] = value === undefined ? null : value;
    switches[name] = value === undefined ? generation.defaults[name] : value;
  }
  const launch = json[generation.launchPathKey];
  const memory = json[generation.memoryKey];
  return {
    generation,
    file,
    version,
    versionWarning: warning,
    written,
    switches,
    launchPath: typeof launch === 'string' ? launch : null,
    memoryMiB: typeof memory === 'number' && Number.isFinite(memory) ? memory : null,
  };
}
