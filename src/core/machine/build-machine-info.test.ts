import { describe, expect, it } from 'vitest';
import { buildMachineInfo, type MachineFacts } from './build-machine-info';

// Facts as an M1 Pro MacBook Pro (macOS 14) reports them to an x64 Node running under Rosetta 2:
// uname -m says x86_64 and os.cpus() may say "VirtualApple", but sysctl knows the truth.
const m1ProUnderRosetta: MachineFacts = {
  platform: 'darwin',
  processArch: 'x64',
  machine: 'x86_64',
  cpuModels: Array(10).fill('VirtualApple @ 2.50GHz processor'),
  memoryBytes: 34359738368,
  osType: 'Darwin',
  osRelease: '23.4.0',
  osVersion:
    'Darwin Kernel Version 23.4.0: Fri Mar 15 00:10:42 PDT 2024; root:xnu-10063.101.17~1/RELEASE_ARM64_T6000',
  darwin: {
    sysctlArm64: '1\n',
    sysctlProcTranslated: '1\n',
    sysctlBrandString: 'Apple M1 Pro\n',
    swVers: 'ProductName:\t\tmacOS\nProductVersion:\t\t14.4.1\nBuildVersion:\t\t23E224\n',
  },
};

// A 2019 Intel MacBook Pro on macOS 12: neither Apple-silicon oid exists, so both sysctls fail.
const intelMac: MachineFacts = {
  platform: 'darwin',
  processArch: 'x64',
  machine: 'x86_64',
  cpuModels: Array(16).fill('Intel(R) Core(TM) i9-9880H CPU @ 2.30GHz'),
  memoryBytes: 17179869184,
  osType: 'Darwin',
  osRelease: '21.6.0',
  osVersion:
    'Darwin Kernel Version 21.6.0: Mon Feb 19 20:24:34 PST 2024; root:xnu-8020.240.18.707.4~1/RELEASE_X86_64',
  darwin: {
    sysctlArm64: null,
    sysctlProcTranslated: null,
    sysctlBrandString: 'Intel(R) Core(TM) i9-9880H CPU @ 2.30GHz\n',
    swVers: 'ProductName:\tmacOS\nProductVersion:\t12.7.4\nBuildVersion:\t21H1123\n',
  },
};

const debian: MachineFacts = {
  platform: 'linux',
  processArch: 'x64',
  machine: 'x86_64',
  cpuModels: ['AMD EPYC 7B12', 'AMD EPYC 7B12'],
  memoryBytes: 25276514304,
  osType: 'Linux',
  osRelease: '6.1.0-18-amd64',
  osVersion: '#1 SMP PREEMPT_DYNAMIC Debian 6.1.76-1 (2024-02-01)',
  linux: {
    osRelease:
      'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nNAME="Debian GNU/Linux"\nVERSION_ID="12"\nID=debian\n',
    cpuinfo: 'processor\t: 0\nmodel name\t: AMD EPYC 7B12\n',
  },
};

describe('buildMachineInfo', () => {
  it('sees Apple silicon and Rosetta on an M1 Pro running x64 Node', () => {
    expect(buildMachineInfo(m1ProUnderRosetta)).toEqual({
      chip: 'Apple M1 Pro',
      arch: 'arm64',
      processArch: 'x64',
      rosetta: true,
      cores: 10,
      memoryBytes: 34359738368,
      os: { platform: 'darwin', name: 'macOS', version: '14.4.1', kernel: 'Darwin 23.4.0' },
    });
  });

  it('sees a native arm64 process on Apple silicon as not translated', () => {
    const native = {
      ...m1ProUnderRosetta,
      processArch: 'arm64',
      machine: 'arm64',
      cpuModels: Array(10).fill('Apple M1 Pro'),
      darwin: { ...m1ProUnderRosetta.darwin!, sysctlProcTranslated: '0\n' },
    };
    expect(buildMachineInfo(native)).toMatchObject({
      chip: 'Apple M1 Pro',
      arch: 'arm64',
      processArch: 'arm64',
      rosetta: false,
    });
  });

  it('names Apple silicon even when sysctl gives no brand and the CPU calls itself VirtualApple', () => {
    const noBrand = {
      ...m1ProUnderRosetta,
      darwin: { ...m1ProUnderRosetta.darwin!, sysctlBrandString: null },
    };
    expect(buildMachineInfo(noBrand).chip).toBe('Apple silicon');
  });

  it('reports an Intel Mac as x64 without Rosetta', () => {
    expect(buildMachineInfo(intelMac)).toEqual({
      chip: 'Intel(R) Core(TM) i9-9880H CPU @ 2.30GHz',
      arch: 'x64',
      processArch: 'x64',
      rosetta: false,
      cores: 16,
      memoryBytes: 17179869184,
      os: { platform: 'darwin', name: 'macOS', version: '12.7.4', kernel: 'Darwin 21.6.0' },
    });
    // Some Intel Macs answer 0 instead of failing: same verdict.
    const answersZero = {
      ...intelMac,
      darwin: { ...intelMac.darwin!, sysctlArm64: '0\n', sysctlProcTranslated: '0\n' },
    };
    expect(buildMachineInfo(answersZero)).toMatchObject({ arch: 'x64', rosetta: false });
  });

  it('reports Debian from os-release and the kernel from uname', () => {
    expect(buildMachineInfo(debian)).toEqual({
      chip: 'AMD EPYC 7B12',
      arch: 'x64',
      processArch: 'x64',
      rosetta: false,
      cores: 2,
      memoryBytes: 25276514304,
      os: {
        platform: 'linux',
        name: 'Debian GNU/Linux 12 (bookworm)',
        version: '12',
        kernel: 'Linux 6.1.0-18-amd64',
      },
    });
  });

  it('falls back to /proc/cpuinfo and to generic names when probes give nothing', () => {
    const bare: MachineFacts = {
      ...debian,
      machine: 'aarch64',
      processArch: 'arm64',
      cpuModels: ['', '', '', ''],
      linux: {
        osRelease: null,
        cpuinfo: 'processor\t: 0\nHardware\t: BCM2835\nModel\t\t: Raspberry Pi 4 Model B Rev 1.4\n',
      },
    };
    expect(buildMachineInfo(bare)).toMatchObject({
      chip: 'Raspberry Pi 4 Model B Rev 1.4',
      arch: 'arm64',
      cores: 4,
      os: { name: 'Linux', version: '' },
    });
    const nothing = { ...bare, linux: { osRelease: null, cpuinfo: null } };
    expect(buildMachineInfo(nothing).chip).toBe('unknown arm64 CPU');
  });

  it('collapses the padding some brand strings carry and caps lengths to the schema', () => {
    const padded = { ...debian, cpuModels: ['Intel(R) Xeon(R) CPU           E5-2680 v4 @ 2.40GHz'] };
    expect(buildMachineInfo(padded).chip).toBe('Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz');
    const long = { ...debian, cpuModels: ['X'.repeat(500)] };
    expect(buildMachineInfo(long).chip).toHaveLength(200);
  });
});
