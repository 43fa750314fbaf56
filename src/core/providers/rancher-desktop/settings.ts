// Reading Rancher Desktop's settings, from its file or from its API, with the version checked
// first: the version decides where the VM type and mount type live.
import { MountbenchError } from '../../../shared/errors';
import {
  getJsonPath,
  parseJsonSettings,
  readSettingsFile,
  requireKnownVersion,
  type SettingsFile,
} from '../../settings-files';
import { keyPathsFor, NEWEST_SETTINGS_VERSION, OLDEST_SETTINGS_VERSION } from './settings-versions';
import type { FileSharingValues } from './variants';
import { settingsFile } from './paths';

export interface RdSettings {
  /** The file path, or `rdctl api /v1/settings`. */
  source: string;
  version: number;
  values: FileSharingValues;
  json: Record<string, unknown>;
  /** Set when read from the file. */
  file?: SettingsFile;
}

function stringAt(json: Record<string, unknown>, path: readonly string[], source: string): string | null {
  const value = getJsonPath(json, path);
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') {
    throw new MountbenchError(
      'FILE_INVALID',
      `${path.join('.')} in ${source} is ${JSON.stringify(value)}, not a string; refusing to change settings Mountbench does not understand.`,
    );
  }
  return value;
}

/** Checks the version, then reads the owned values at that version's paths. */
export function interpretSettings(json: Record<string, unknown>, source: string): Omit<RdSettings, 'file'> {
  const version = requireKnownVersion(json.version, NEWEST_SETTINGS_VERSION, `Rancher Desktop ${source}`, {
    required: true,
    oldestKnown: OLDEST_SETTINGS_VERSION,
  }) as number;
  const paths = keyPathsFor(version);
  const msize = getJsonPath(json, [...paths.ninep, 'msizeInKib']);
  if (msize !== undefined && msize !== null && typeof msize !== 'number') {
    throw new MountbenchError(
      'FILE_INVALID',
      `${[...paths.ninep, 'msizeInKib'].join('.')} in ${source} is ${JSON.stringify(msize)}, not a number.`,
    );
  }
  return {
    source,
    version,
    json,
    values: {
      vmType: stringAt(json, paths.vmType, source),
      mountType: stringAt(json, paths.mountType, source),
      msizeInKib: typeof msize === 'number' ? msize : null,
      securityModel: stringAt(json, [...paths.ninep, 'securityModel'], source),
      protocolVersion: stringAt(json, [...paths.ninep, 'protocolVersion'], source),
      cacheMode: stringAt(json, [...paths.ninep, 'cacheMode'], source),
    },
  };
}

export async function readSettingsFromFile(home: string): Promise<RdSettings> {
  const path = settingsFile(home);
  const file = await readSettingsFile(path);
  return { ...interpretSettings(parseJsonSettings(file.text, path), path), file };
}

export const API_SOURCE = 'rdctl api /v1/settings';

export function settingsFromApi(text: string): RdSettings {
  return interpretSettings(parseJsonSettings(text, `the answer of ${API_SOURCE}`), API_SOURCE);
}
