// Turns raw facts about the machine into MachineInfo. Pure, so the rules for an M1 under Rosetta,
// an Intel Mac and a Linux box are all testable here on any machine.
import { machineSchema, type MachineInfo } from '../../shared/result-schema';
import { cpuModelFromCpuinfo } from './parse-cpuinfo';
import { osFromOsRelease } from './parse-os-release';
import { normalizeArch, parseSysctlFlag } from './parse-sysctl';
import { parseSwVers } from './parse-sw-vers';

export interface MachineFacts {
  platform: NodeJS.Platform;
  /** `process.arch`. */
  processArch: string;
  /** `os.machine()` (`uname -m`): under Rosetta this is x86_64 too, so it cannot reveal Apple silicon. */
  machine: string;
  /** `os.cpus()` models, one per logical CPU. */
  cpuModels: string[];
  memoryBytes: number;
  /** `os.type()`, `os.release()`, `os.version()`. */
  osType: string;
  osRelease: string;
  osVersion: string;
  /** Command outputs on macOS; null where the command failed (e.g. an oid unknown on Intel). */
  darwin?: {
    sysctlArm64: string | null;
    sysctlProcTranslated: string | null;
    sysctlBrandString: string | null;
    swVers: string | null;
  };
  /** File contents on Linux; null where the file could not be read. */
  linux?: { osRelease: string | null; cpuinfo: string | null };
}

function clean(value: string | null | undefined, max: number): string {
  return (value ?? '').replace(/\s+/g, ' ').trim().slice(0, max);
}

/**
 * Under Rosetta, CPUID (and so anything reading it) names the CPU "VirtualApple @ 2.50GHz";
 * sysctl's brand string still names the real chip, so it is asked first and this is the fallback.
 */
function usableModel(model: string | null | undefined): string | null {
  const m = clean(model, 200);
  if (m === '' || m.toLowerCase() === 'unknown' || m.startsWith('VirtualApple')) return null;
  return m;
}

function hardwareArch(facts: MachineFacts): string {
  if (facts.platform === 'darwin' && parseSysctlFlag(facts.darwin?.sysctlArm64 ?? null) === true)
    return 'arm64';
  return normalizeArch(facts.machine) || facts.processArch;
}

function chipName(facts: MachineFacts, arch: string): string {
  const fromSysctl = facts.platform === 'darwin' ? usableModel(facts.darwin?.sysctlBrandString) : null;
  const fromNode = usableModel(facts.cpuModels[0]);
  const fromCpuinfo = facts.linux?.cpuinfo ? usableModel(cpuModelFromCpuinfo(facts.linux.cpuinfo)) : null;
  const named = fromSysctl ?? fromNode ?? fromCpuinfo;
  if (named) return named;
  if (facts.platform === 'darwin' && arch === 'arm64') return 'Apple silicon';
  return `unknown ${arch} CPU`;
}

function osName(facts: MachineFacts): { name: string; version: string } {
  switch (facts.platform) {
    case 'darwin':
      return (
        (facts.darwin?.swVers ? parseSwVers(facts.darwin.swVers) : null) ?? { name: 'macOS', version: '' }
      );
    case 'linux':
      return (
        (facts.linux?.osRelease ? osFromOsRelease(facts.linux.osRelease) : null) ?? {
          name: 'Linux',
          version: '',
        }
      );
    case 'win32':
      // os.version() is the product ("Windows 11 Pro"); os.release() the build ("10.0.22631").
      return { name: facts.osVersion || 'Windows', version: facts.osRelease };
    default:
      return { name: facts.osType, version: facts.osRelease };
  }
}

export function buildMachineInfo(facts: MachineFacts): MachineInfo {
  const arch = hardwareArch(facts);
  const os = osName(facts);
  const info: MachineInfo = {
    chip: chipName(facts, arch),
    arch: clean(arch, 40),
    processArch: clean(facts.processArch, 40),
    rosetta:
      facts.platform === 'darwin' && parseSysctlFlag(facts.darwin?.sysctlProcTranslated ?? null) === true,
    cores: Math.min(4096, Math.max(1, facts.cpuModels.length)),
    memoryBytes: Math.max(0, facts.memoryBytes),
    os: {
      platform: clean(facts.platform, 40),
      name: clean(os.name, 100),
      version: clean(os.version, 100),
      kernel: clean(`${facts.osType} ${facts.osRelease}`, 200),
    },
  };
  // Fail here, with the facts at hand, rather than when the run file is saved.
  return machineSchema.parse(info);
}
