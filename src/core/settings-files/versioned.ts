// Versioned readers. Two policies, chosen by the product's own habits (docs/product-facts.md):
//  - requireKnownVersion refuses a newer format: for a product that migrates key paths between
//    versions (Rancher Desktop moved `experimental.virtualMachine.*` twice), a newer number may
//    mean the keys we write are in the wrong place.
//  - readSettingsVersion only warns: for a product that bumps its number without moving keys
//    (Docker Desktop: SettingsVersion 40 → 46 kept every file-sharing key). What still protects the
//    user is that the provider refuses any key it must write whose value has an unexpected shape,
//    the journal restores the file byte for byte, and the fs type seen after the restart must be
//    the variant's.
import { MountbenchError } from '../../shared/errors';

function wholeNumber(found: unknown, product: string, required: boolean): number | null {
  if (found === undefined || found === null) {
    if (required) {
      throw new MountbenchError(
        'FILE_INVALID',
        `${product} has no settings version; refusing to change a file whose format is unknown.`,
      );
    }
    return null;
  }
  if (typeof found !== 'number' || !Number.isInteger(found)) {
    throw new MountbenchError(
      'FILE_INVALID',
      `${product} has a settings version that is not a whole number (${JSON.stringify(found)}).`,
    );
  }
  return found;
}

/**
 * Throws FILE_INVALID when `found` is newer than `newestKnown` (or not a number when required).
 * `product` names it in the message, e.g. "Rancher Desktop settings.json".
 */
export function requireKnownVersion(
  found: unknown,
  newestKnown: number,
  product: string,
  options: { required?: boolean; oldestKnown?: number } = {},
): number | null {
  const version = wholeNumber(found, product, options.required === true);
  if (version === null) return null;
  if (version > newestKnown) {
    throw new MountbenchError(
      'FILE_INVALID',
      `${product} has settings version ${version}, newer than the newest Mountbench knows (${newestKnown}); update Mountbench. Nothing was changed.`,
    );
  }
  if (options.oldestKnown !== undefined && version < options.oldestKnown) {
    throw new MountbenchError(
      'FILE_INVALID',
      `${product} has settings version ${version}, older than Mountbench supports (${options.oldestKnown}). Nothing was changed.`,
    );
  }
  return version;
}

export interface SettingsVersion {
  version: number | null;
  /** Set when the version is newer than any Mountbench has seen: shown, never a refusal. */
  warning: string | null;
}

/** The warn-don't-refuse policy: a version that is not a whole number is still refused. */
export function readSettingsVersion(found: unknown, newestSeen: number, product: string): SettingsVersion {
  const version = wholeNumber(found, product, false);
  const warning =
    version !== null && version > newestSeen
      ? `${product} has settings version ${version}, newer than Mountbench has seen (${newestSeen}): ` +
        'going ahead because every key it writes has the expected shape; the original file is backed up, ' +
        'put back byte for byte afterwards, and the filesystem seen after the restart is checked.'
      : null;
  return { version, warning };
}
