// Settings a deployment profile locks. Rancher Desktop refuses a PUT that changes a locked field
// (`field "virtualMachine.mount.type" is locked`) and quits on an `rdctl start` flag that does
// (LockedFieldError), so a variant that would change one is no variant here. The running app says
// which fields are locked (`GET /v1/settings/locked`: the locked leaves as `true`); with the app
// stopped, the user's own profile is read, when it is an XML plist. The system folders
// (/Library/Managed Preferences, /Library/Preferences) are not read (docs/product-facts.md).
import path from 'node:path';
import { MountbenchError } from '../../../shared/errors';
import { readSettingsBytes } from '../../settings-files';
import type { ProviderContext } from '../provider';
import { parsePlistXml } from './plist-xml';
import { rdctl } from './rdctl';

export interface LockedFields {
  /** Where the answer came from: the API, or the profile's file. */
  source: string;
  fields: Record<string, unknown>;
}

/** The user's locked deployment profile on a Mac (utils/paths.ts `deploymentProfileUser`). */
export function userLockedProfile(home: string): string {
  return path.join(home, 'Library', 'Preferences', 'io.rancherdesktop.profile.locked.plist');
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** What is locked; null when nothing is known to be (no answer, no profile). */
export async function readLockedFields(ctx: ProviderContext): Promise<LockedFields | null> {
  // What a profile locks is read by the app at its start: one answer holds for the operation.
  const out = await rdctl(ctx, ['api', '/v1/settings/locked'], { oncePerOperation: true }).catch(() => null);
  if (out?.code === 0) {
    try {
      const parsed: unknown = JSON.parse(out.stdout);
      if (isRecord(parsed)) return { source: 'rdctl api /v1/settings/locked', fields: parsed };
    } catch {
      // an answer that is not JSON says nothing; the file below may
    }
  }
  const file = userLockedProfile(ctx.home);
  const bytes = await readSettingsBytes(file).catch((err: unknown) => {
    if (err instanceof MountbenchError && err.code === 'FILE_INVALID') throw err;
    return null;
  });
  if (bytes === null) return null;
  let root: unknown;
  try {
    root = parsePlistXml(bytes.toString('utf8'));
  } catch (err) {
    throw new MountbenchError(
      'FILE_INVALID',
      `Rancher Desktop's locked deployment profile ${file} cannot be read (${(err as Error).message}); Rancher Desktop itself refuses to start on a profile it cannot parse.`,
    );
  }
  return isRecord(root) ? { source: file, fields: root } : null;
}

/** The same setting at the other settings version's path (profiles are migrated by version). */
function spellings(dotted: readonly string[]): (readonly string[])[] {
  if (dotted[0] === 'virtualMachine') return [dotted, ['experimental', ...dotted]];
  if (dotted[0] === 'experimental' && dotted[1] === 'virtualMachine' && dotted[2] !== 'mount')
    return [dotted, dotted.slice(1)];
  if (dotted.join('.') === 'experimental.virtualMachine.mount.type')
    return [dotted, ['virtualMachine', 'mount', 'type']];
  return [dotted];
}

/** Is the setting at `dotted` locked: the leaf, or an object above it (which locks all below)? */
export function isLocked(locked: LockedFields, dotted: readonly string[]): boolean {
  return spellings(dotted).some((keys) => {
    let node: unknown = locked.fields;
    for (const key of keys) {
      if (node === true) return true;
      if (!isRecord(node) || !Object.hasOwn(node, key)) return false;
      node = node[key];
    }
    // From the API a locked leaf is `true`; from a profile it is the value it is locked to.
    return node !== undefined;
  });
}
