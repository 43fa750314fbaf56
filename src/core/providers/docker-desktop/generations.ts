// Docker Desktop's two settings generations. Both name the same switches; only the spelling,
// the file and the version key differ. settings-store.json wins when both exist (4.35+ may leave
// the old file behind).
import path from 'node:path';
import { promises as fs } from 'node:fs';
import { MountbenchError } from '../../../shared/errors';
import {
  parseJsonSettings,
  readSettingsFile,
  requireKnownVersion,
  type SettingsFile,
} from '../../settings-files';
import { LEGACY_FILE, settingsDir, STORE_FILE } from './paths';

export type Switch = 'vz' | 'virtiofs' | 'grpcfuse' | 'libkrun' | 'rosetta';

export interface Generation {
  name: 'settings-store.json' | 'settings.json';
  file: string;
  versionKey: string;
  /** Newest settings version whose meaning we know; a newer file is refused. */
  newestKnown: number;
  keys: Record<Switch, string | null>;
  launchPathKey: string;
}

// Newest versions seen in real files: 34 for settings.json (4.34), 40 for settings-store.json
// (4.35–4.37). A newer number may move or reinterpret keys: update these after checking a real file.
export const NEWEST_LEGACY_VERSION = 39;
export const NEWEST_STORE_VERSION = 40;

export const STORE: Omit<Generation, 'file'> = {
  name: 'settings-store.json',
  versionKey: 'SettingsVersion',
  newestKnown: NEWEST_STORE_VERSION,
  keys: {
    vz: 'UseVirtualizationFramework',
    virtiofs: 'UseVirtualizationFrameworkVirtioFS',
    grpcfuse: 'UseGrpcfuse',
    libkrun: 'UseLibkrun',
    rosetta: 'UseVirtualizationFrameworkRosetta',
  },
  launchPathKey: 'DockerAppLaunchPath',
};

export const LEGACY: Omit<Generation, 'file'> = {
  name: 'settings.json',
  versionKey: 'settingsVersion',
  newestKnown: NEWEST_LEGACY_VERSION,
  keys: {
    vz: 'useVirtualizationFramework',
    virtiofs: 'useVirtualizationFrameworkVirtioFS',
    grpcfuse: 'useGrpcfuse',
    libkrun: null,
    rosetta: 'useVirtualizationFrameworkRosetta',
  },
  launchPathKey: 'dockerAppLaunchPath',
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
  switches: Record<Switch, boolean | null>;
  launchPath: string | null;
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
  const version = requireKnownVersion(
    json[generation.versionKey],
    generation.newestKnown,
    `Docker Desktop ${generation.file}`,
  );
  const switches = {} as Record<Switch, boolean | null>;
  for (const [name, key] of Object.entries(generation.keys) as [Switch, string | null][]) {
    const value = key ? json[key] : undefined;
    if (value !== undefined && typeof value !== 'boolean') {
      throw new MountbenchError(
        'FILE_INVALID',
        `${key} in ${generation.file} is ${JSON.stringify(value)}, not true/false; refusing to edit a file Mountbench does not understand.`,
      );
    }
    switches[name] = value === undefined ? null : value;
  }
  const launch = json[generation.launchPathKey];
  return { generation, file, version, switches, launchPath: typeof launch === 'string' ? launch : null };
}
