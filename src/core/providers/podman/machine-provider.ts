// Which Podman machine provider the podman CLI uses: `CONTAINERS_MACHINE_PROVIDER` when it is set
// (even to an empty value, which then means the default), else `[machine] provider` of
// containers.conf, else the version's default (pkg/machine/provider/platform_darwin.go `Get`).
// containers.conf is only read: a small TOML subset (the `[machine]` table's `provider` key), from
// a file of bounded size; anything else in it is ignored.
import fs from 'node:fs/promises';
import { versionAtLeast } from '../../vocab/version-compare';
import { userContainersConf } from './machine-paths';

export const MACHINE_PROVIDERS = ['applehv', 'libkrun'] as const;
export type MachineProvider = (typeof MACHINE_PROVIDERS)[number];

/** containers.conf is a few tens of KiB with its comments; refuse anything far larger. */
const MAX_CONF_BYTES = 1024 * 1024;

/** Podman 6.0 makes libkrun the default on macOS (commit 453a45142f, 2025-11-05); 5.x applehv. */
export const LIBKRUN_DEFAULT_SINCE = '6.0.0';

export function isMachineProvider(value: string): value is MachineProvider {
  return (MACHINE_PROVIDERS as readonly string[]).includes(value);
}

/** `[machine] provider = "…"` in a containers.conf text, or null when the table or key is absent. */
export function providerInConf(text: string): string | null {
  let inMachine = false;
  let found: string | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/^\s+/, '');
    if (line.startsWith('#') || line === '') continue;
    const table = /^\[([^\]]+)\]/.exec(line);
    if (table) {
      inMachine = table[1].trim() === 'machine';
      continue;
    }
    if (!inMachine) continue;
    const kv = /^provider\s*=\s*(?:"([^"]*)"|'([^']*)')\s*(?:#.*)?$/.exec(line.trimEnd());
    if (kv) found = (kv[1] ?? kv[2] ?? '').trim().toLowerCase();
  }
  return found;
}

async function readConf(file: string): Promise<string | null> {
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile() || stat.size > MAX_CONF_BYTES) return null;
    return await fs.readFile(file, 'utf8');
  } catch {
    return null;
  }
}

export interface ProviderChoice {
  /** What podman would use; null when what is set names no provider Podman knows on macOS. */
  provider: MachineProvider | null;
  /** What set it, in words: "CONTAINERS_MACHINE_PROVIDER", "~/.config/containers/containers.conf"… */
  source: string;
  /** The raw value when it names no macOS provider (`qemu`, a typo): Podman refuses to run then. */
  unknown: string | null;
}

export function defaultProvider(version: string | null): MachineProvider {
  return version !== null && versionAtLeast(version, LIBKRUN_DEFAULT_SINCE) ? 'libkrun' : 'applehv';
}

export async function currentProvider(
  env: NodeJS.ProcessEnv,
  home: string,
  version: string | null,
): Promise<ProviderChoice> {
  const fromEnv = env.CONTAINERS_MACHINE_PROVIDER;
  const conf = userContainersConf(env, home);
  const fromConf = fromEnv === undefined ? providerInConf((await readConf(conf)) ?? '') : null;
  const raw = (fromEnv ?? fromConf ?? '').trim().toLowerCase();
  const source =
    fromEnv !== undefined
      ? 'CONTAINERS_MACHINE_PROVIDER'
      : fromConf
        ? `${conf} ([machine] provider)`
        : 'default';
  if (raw === '') {
    const what = source === 'default' ? `the default of Podman ${version ?? '(version unknown)'}` : source;
    return { provider: defaultProvider(version), source: what, unknown: null };
  }
  if (isMachineProvider(raw)) return { provider: raw, source, unknown: null };
  return { provider: null, source, unknown: raw };
}
