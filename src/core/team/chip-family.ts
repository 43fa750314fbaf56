// Machines are compared with their own kind: an M1 Pro and an M1 Max share a generation (and its
// storage and virtualisation), an Intel Mac is another world. The family is read from the chip's
// name as the OS reports it ("Apple M3 Max", "Intel(R) Core(TM) i9-9980HK CPU @ 2.40GHz").
import type { MachineInfo } from '../../shared/result-schema';
import type { ChipFamily } from '../../shared/team-view';

export function chipFamily(machine: Pick<MachineInfo, 'chip' | 'arch'>): ChipFamily {
  const apple = /\bApple\s+(M\d{1,2})\b/i.exec(machine.chip);
  if (apple) return apple[1].toUpperCase();
  if (/\bintel\b/i.test(machine.chip)) return 'Intel';
  if (/\b(amd|ryzen|epyc)\b/i.test(machine.chip)) return 'AMD';
  if (machine.arch === 'arm64') return 'other arm64';
  return 'other';
}
