// Rancher Desktop moved its VM settings between settings versions, and old paths have no aliases:
// a key at the wrong path is silently ignored ("no changes necessary"). So the version comes
// first, and every path and rdctl flag Mountbench uses is looked up for that version here
// (docs/product-facts.md; settingsImpl.ts updateTable 14 → 15 → 16). Versions 11–13 (releases
// 1.13–1.15) keep version 14's paths: their migrations 11 → 14 only touch socketVMNet,
// networkingTunnel and hostResolver.
import { compareVersions } from '../../vocab/version-compare';

/** Oldest and newest settings versions whose key paths Mountbench knows. */
export const OLDEST_SETTINGS_VERSION = 11;
export const NEWEST_SETTINGS_VERSION = 19;

export interface KeyPaths {
  vmType: readonly string[];
  mountType: readonly string[];
  /** The 9p options object; its place never moved. */
  ninep: readonly string[];
}

export function keyPathsFor(version: number): KeyPaths {
  return {
    vmType: version <= 14 ? ['experimental', 'virtualMachine', 'type'] : ['virtualMachine', 'type'],
    mountType:
      version <= 15
        ? ['experimental', 'virtualMachine', 'mount', 'type']
        : ['virtualMachine', 'mount', 'type'],
    ninep: ['experimental', 'virtualMachine', 'mount', '9p'],
  };
}

/** The four 9p options, as Rancher Desktop names them under `experimental.virtualMachine.mount.9p`. */
export const NINEP_KEYS = ['securityModel', 'protocolVersion', 'msizeInKib', 'cacheMode'] as const;

export interface RdctlFlags {
  vmType: string;
  mountType: string;
  ninep: Record<(typeof NINEP_KEYS)[number], string>;
}

/**
 * rdctl start/set flags are the JSON paths in kebab-case (`virtualMachine.mount.type` →
 * `--virtual-machine.mount.type`), so they are derived from keyPathsFor, never spelt
 * again: the provider's `rdctl start` and the advice's `rdctl set` both read them here.
 */
export function flagsFor(version: number): RdctlFlags {
  const paths = keyPathsFor(version);
  const ninep = Object.fromEntries(
    NINEP_KEYS.map((key) => [key, flag([...paths.ninep, key])]),
  ) as RdctlFlags['ninep'];
  return { vmType: flag(paths.vmType), mountType: flag(paths.mountType), ninep };
}

function flag(path: readonly string[]): string {
  return `--${path.map((part) => part.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)).join('.')}`;
}

/**
 * The settings version a Rancher Desktop release writes (CURRENT_SETTINGS_VERSION in its
 * settings.ts: 1.12: 10, 1.13–1.14: 11, 1.15: 13, 1.16–1.18: 14, 1.19: 15, 1.20–1.21: 16, 1.24: 19).
 */
export function settingsVersionForRelease(release: string): number {
  if (compareVersions(release, '1.13') < 0) return 10;
  if (compareVersions(release, '1.15') < 0) return 11;
  if (compareVersions(release, '1.16') < 0) return 13;
  if (compareVersions(release, '1.19') < 0) return 14;
  if (compareVersions(release, '1.20') < 0) return 15;
  if (compareVersions(release, '1.22') < 0) return 16;
  if (compareVersions(release, '1.23') < 0) return 17;
  if (compareVersions(release, '1.24') < 0) return 18;
  if (compareVersions(release, '1.25') < 0) return 19;
  // A release after 1.24 may write a version Mountbench has never seen: treat it as newer.
  return NEWEST_SETTINGS_VERSION + 1;
}

/** "rdctl client version: v1.20.0, targeting server version: v1" → "1.20.0". */
export function releaseFromRdctlVersion(text: string): string | null {
  const m = /client version:\s*v?(\d+\.\d+(?:\.\d+)?)/i.exec(text);
  return m ? m[1] : null;
}
