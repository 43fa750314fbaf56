// Versioned readers: a settings file written by a newer product than Mountbench knows may mean
// something else by the same keys, so it is read for display at most and never written.
import { MountbenchError } from '../../shared/errors';

/**
 * Throws FILE_INVALID when `found` is newer than `newestKnown` (or not a number when required).
 * `product` names it in the message, e.g. "Docker Desktop settings-store.json".
 */
export function requireKnownVersion(
  found: unknown,
  newestKnown: number,
  product: string,
  options: { required?: boolean; oldestKnown?: number } = {},
): number | null {
  if (found === undefined || found === null) {
    if (options.required) {
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
  if (found > newestKnown) {
    throw new MountbenchError(
      'FILE_INVALID',
      `${product} has settings version ${found}, newer than the newest Mountbench knows (${newestKnown}); update Mountbench. Nothing was changed.`,
    );
  }
  if (options.oldestKnown !== undefined && found < options.oldestKnown) {
    throw new MountbenchError(
      'FILE_INVALID',
      `${product} has settings version ${found}, older than Mountbench supports (${options.oldestKnown}). Nothing was changed.`,
    );
  }
  return found;
}
