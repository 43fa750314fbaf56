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

const machineFileSchema = z.object({
  Name: z.string().min(1).max(255),
  Version: z.number().int().nonnegative().optional(),
  Mounts: z.array(mountSchema).max(256).nullable().optional(),
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
