// Which results came from the same machine. Result files never carry a hostname (they are shared
// with colleagues), so a machine is recognised by what it is: chip, arch, cores, memory and OS,
// plus the label the user gave it, so two identical laptops stay apart once they are named.
import { createHash } from 'node:crypto';
import type { MachineInfo } from '../../shared/result-schema';

export function machineKey(machine: MachineInfo): string {
  const identity = [
    machine.chip,
    machine.arch,
    machine.cores,
    machine.memoryBytes,
    machine.os.platform,
    machine.os.name,
    machine.os.version,
    machine.label ?? null,
  ];
  const digest = createHash('sha256').update(JSON.stringify(identity)).digest('hex');
  return `machine-${digest.slice(0, 12)}`;
}

const GIB = 1024 ** 3;

/** Memory in GiB, the unit the OS reports and the dashboard writes everywhere: "32 GiB". */
export function formatMemory(bytes: number): string {
  const gib = bytes / GIB;
  if (gib >= 10) return `${Math.round(gib)} GiB`;
  const tenth = Math.round(gib * 10) / 10;
  return `${Number.isInteger(tenth) ? tenth.toFixed(0) : tenth.toFixed(1)} GiB`;
}

/** "Apple M1 Pro · arm64 · 10 cores · 32 GiB", led by the user's own label when there is one. */
export function machineLabel(machine: MachineInfo): string {
  const parts = [
    machine.chip || 'unknown CPU',
    machine.arch,
    `${machine.cores} ${machine.cores === 1 ? 'core' : 'cores'}`,
    formatMemory(machine.memoryBytes),
  ];
  if (machine.label?.trim()) parts.unshift(machine.label.trim());
  return parts.join(' · ');
}

/** Told apart by OS when two machines would otherwise look the same in a table. */
export function machineLabelWithOs(machine: MachineInfo): string {
  const os = [machine.os.name, machine.os.version].filter(Boolean).join(' ');
  return os ? `${machineLabel(machine)} · ${os}` : machineLabel(machine);
}
