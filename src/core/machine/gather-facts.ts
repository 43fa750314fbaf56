// Collects the raw facts buildMachineInfo needs from the live system. Every probe is allowed to
// fail (a missing sysctl oid, no /etc/os-release): a failed probe is null, never an error.
import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import type { MachineFacts } from './build-machine-info';

const PROBE_TIMEOUT_MS = 5000;

function run(command: string, args: string[]): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(command, args, { timeout: PROBE_TIMEOUT_MS, encoding: 'utf8' }, (err, stdout) => {
      resolve(err ? null : stdout);
    });
  });
}

async function readFirst(files: string[]): Promise<string | null> {
  for (const file of files) {
    try {
      return await fs.readFile(file, 'utf8');
    } catch {
      // try the next location
    }
  }
  return null;
}

export async function gatherMachineFacts(): Promise<MachineFacts> {
  const facts: MachineFacts = {
    platform: process.platform,
    processArch: process.arch,
    machine: os.machine(),
    cpuModels: os.cpus().map((c) => c.model),
    memoryBytes: os.totalmem(),
    osType: os.type(),
    osRelease: os.release(),
    osVersion: os.version(),
  };
  if (process.platform === 'darwin') {
    const [sysctlArm64, sysctlProcTranslated, sysctlBrandString, swVers] = await Promise.all([
      run('sysctl', ['-n', 'hw.optional.arm64']),
      run('sysctl', ['-n', 'sysctl.proc_translated']),
      run('sysctl', ['-n', 'machdep.cpu.brand_string']),
      run('sw_vers', []),
    ]);
    facts.darwin = { sysctlArm64, sysctlProcTranslated, sysctlBrandString, swVers };
  } else if (process.platform === 'linux') {
    const [osRelease, cpuinfo] = await Promise.all([
      // os-release(5): /etc/os-release first, /usr/lib/os-release as the fallback.
      readFirst(['/etc/os-release', '/usr/lib/os-release']),
      readFirst(['/proc/cpuinfo']),
    ]);
    facts.linux = { osRelease, cpuinfo };
  }
  return facts;
}
