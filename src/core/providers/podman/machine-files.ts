// The machine files Podman writes (`<name>.json` per machine, pkg/machine/vmconfigs/config.go
// `MachineConfig`), read only, as untrusted input: bounded in size and count, and only the fields
// Mountbench uses are taken, each checked. Discovery lists sockets from them without running podman.
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { machineConfigDir } from './machine-paths';
import { MACHINE_PROVIDERS, type MachineProvider } from './machine-provider';

/** A machine file is a few KiB; a folder holds a handful. */
const MAX_FILE_BYTES = 256 * 1024;
const MAX_MACHINES = 64;

const mountSchema = z.object({
  Source: z.string().max(4096),
  Target: z.string().max(4096),
  Type: z.string().max(64),
  ReadOnly: z.boolean().optional(),
});

/** `vfkit.Helper`: the REST endpoint Podman gave the VM process at init (`http://localhost:<port>`). */
const helperSchema = z
  .object({ Endpoint: z.string().max(256).optional() })
  .nullable()
  .optional();

const machineFileSchema = z.object({
  Name: z.string().min(1).max(255),
  Version: z.number().int().nonnegative().optional(),
  Mounts: z.array(mountSchema).max(256).nullable().optional(),
  AppleHypervisor: z.object({ Vfkit: helperSchema }).nullable().optional(),
  LibKrunHypervisor: z.object({ KRun: helperSchema }).nullable().optional(),
});

export interface MachineMount {
  source: string;
  target: string;
  type: string;
  readOnly: boolean;
}

export interface MachineFile {
  name: string;
  provider: MachineProvider;
  file: string;
  mounts: MachineMount[];
  /** The VM process's REST endpoint as the file records it, or null (absent, not a string). */
  endpoint: string | null;
}

/**
 * The arguments Podman starts the VM process (vfkit or krunkit) with for its REST endpoint:
 * `--restful-uri tcp://<host>` for `http://<host>:<port>` (pkg/machine/apple/vfkit-rest.go,
 * restNewEndpointToCmdLine); null for anything Podman would refuse (another scheme, a path, no port).
 */
export function restfulUriArgs(endpoint: string | null): [string, string] | null {
  const m = endpoint === null ? null : /^(?:http|tcp):\/\/([A-Za-z0-9.-]{1,253}:\d{1,5})$/.exec(endpoint);
  return m ? ['--restful-uri', `tcp://${m[1]}`] : null;
}

export async function readMachineFile(file: string, provider: MachineProvider): Promise<MachineFile | null> {
  try {
    const stat = await fs.lstat(file);
    if (!stat.isFile() || stat.size > MAX_FILE_BYTES) return null;
    const parsed = machineFileSchema.safeParse(JSON.parse(await fs.readFile(file, 'utf8')));
    if (!parsed.success) return null;
    return {
      name: parsed.data.Name,
      provider,
      file,
      mounts: (parsed.data.Mounts ?? []).map((m) => ({
        source: m.Source,
        target: m.Target,
        type: m.Type,
        readOnly: m.ReadOnly ?? false,
      })),
      endpoint:
        (provider === 'libkrun'
          ? parsed.data.LibKrunHypervisor?.KRun?.Endpoint
          : parsed.data.AppleHypervisor?.Vfkit?.Endpoint) ?? null,
    };
  } catch {
    return null;
  }
}

/** Every machine file of every macOS provider, sorted by provider then name. */
export async function listMachineFiles(env: NodeJS.ProcessEnv, home: string): Promise<MachineFile[]> {
  const found: MachineFile[] = [];
  for (const provider of MACHINE_PROVIDERS) {
    const dir = machineConfigDir(env, home, provider);
    let entries: string[];
    try {
      entries = await fs.readdir(dir);
    } catch {
      continue;
    }
    const names = entries.filter((e) => e.endsWith('.json') && !e.startsWith('.')).sort();
    for (const entry of names.slice(0, MAX_MACHINES)) {
      const machine = await readMachineFile(path.join(dir, entry), provider);
      // Podman loads a machine by `<name>.json`: a file whose Name differs is not that machine.
      if (machine && `${machine.name}.json` === entry) found.push(machine);
    }
  }
  return found;
}
