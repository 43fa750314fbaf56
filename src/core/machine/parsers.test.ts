import { describe, expect, it } from 'vitest';
import { cpuModelFromCpuinfo } from './parse-cpuinfo';
import { osFromOsRelease, parseOsRelease } from './parse-os-release';
import { normalizeArch, parseSysctlFlag } from './parse-sysctl';
import { parseSwVers } from './parse-sw-vers';

// /etc/os-release of Debian 12, verbatim.
const DEBIAN_OS_RELEASE = `PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"
NAME="Debian GNU/Linux"
VERSION_ID="12"
VERSION="12 (bookworm)"
VERSION_CODENAME=bookworm
ID=debian
HOME_URL="https://www.debian.org/"
SUPPORT_URL="https://www.debian.org/support"
BUG_REPORT_URL="https://bugs.debian.org/"
`;

describe('os-release', () => {
  it('reads PRETTY_NAME and VERSION_ID of Debian', () => {
    expect(osFromOsRelease(DEBIAN_OS_RELEASE)).toEqual({
      name: 'Debian GNU/Linux 12 (bookworm)',
      version: '12',
    });
  });

  it('follows the os-release(5) quoting rules', () => {
    const f = parseOsRelease(
      `# comment\n\nNAME='Single quoted'\nPRETTY_NAME="Say \\"hi\\" for \\$5"\nID=arch\n`,
    );
    expect(f).toEqual({ NAME: 'Single quoted', PRETTY_NAME: 'Say "hi" for $5', ID: 'arch' });
  });

  it('falls back to NAME without a version for a rolling release, and to null when unnamed', () => {
    expect(osFromOsRelease('NAME="Arch Linux"\nID=arch\nBUILD_ID=rolling\n')).toEqual({
      name: 'Arch Linux',
      version: '',
    });
    expect(osFromOsRelease('ID=mystery\n')).toBeNull();
  });
});

describe('sw_vers', () => {
  it('reads Sonoma output (two tabs after each key)', () => {
    const out = 'ProductName:\t\tmacOS\nProductVersion:\t\t14.4.1\nBuildVersion:\t\t23E224\n';
    expect(parseSwVers(out)).toEqual({ name: 'macOS', version: '14.4.1' });
  });

  it('reads Monterey output (one tab) and an old "Mac OS X" name', () => {
    expect(parseSwVers('ProductName:\tmacOS\nProductVersion:\t12.7.4\nBuildVersion:\t21H1123\n')).toEqual({
      name: 'macOS',
      version: '12.7.4',
    });
    expect(parseSwVers('ProductName:\tMac OS X\nProductVersion:\t10.15.7\nBuildVersion:\t19H2026\n')).toEqual(
      {
        name: 'Mac OS X',
        version: '10.15.7',
      },
    );
  });

  it('keeps a Rapid Security Response suffix', () => {
    const out =
      'ProductName:\t\tmacOS\nProductVersion:\t\t13.4.1\nProductVersionExtra:\t(c)\nBuildVersion:\t\t22F770820d\n';
    expect(parseSwVers(out)).toEqual({ name: 'macOS', version: '13.4.1 (c)' });
  });

  it('returns null for output it does not know', () => {
    expect(parseSwVers('')).toBeNull();
    expect(parseSwVers('sw_vers: command not found')).toBeNull();
  });
});

describe('/proc/cpuinfo', () => {
  it('reads "model name" on x86 (and not the numeric "model")', () => {
    const text =
      'processor\t: 0\nvendor_id\t: AuthenticAMD\ncpu family\t: 23\nmodel\t\t: 49\nmodel name\t: AMD EPYC 7B12\nstepping\t: 0\n\nprocessor\t: 1\nmodel name\t: AMD EPYC 7B12\n';
    expect(cpuModelFromCpuinfo(text)).toBe('AMD EPYC 7B12');
  });

  it('reads "Model" on a Raspberry Pi 4 (no "model name")', () => {
    const text =
      'processor\t: 0\nBogoMIPS\t: 108.00\nFeatures\t: fp asimd evtstrm crc32 cpuid\nCPU implementer\t: 0x41\nCPU architecture: 8\nCPU part\t: 0xd08\n\nHardware\t: BCM2835\nRevision\t: c03114\nModel\t\t: Raspberry Pi 4 Model B Rev 1.4\n';
    expect(cpuModelFromCpuinfo(text)).toBe('Raspberry Pi 4 Model B Rev 1.4');
  });

  it('returns null when no line names the CPU (arm64 servers)', () => {
    expect(
      cpuModelFromCpuinfo('processor\t: 0\nBogoMIPS\t: 243.75\nCPU implementer\t: 0x41\nCPU part\t: 0xd0c\n'),
    ).toBeNull();
  });
});

describe('sysctl flags and arch names', () => {
  it('reads 1 / 0 and treats a failed query as unknown', () => {
    expect(parseSysctlFlag('1\n')).toBe(true);
    expect(parseSysctlFlag('0\n')).toBe(false);
    expect(parseSysctlFlag(null)).toBeNull();
    expect(parseSysctlFlag('')).toBeNull();
  });

  it.each([
    ['x86_64', 'x64'],
    ['amd64', 'x64'],
    ['aarch64', 'arm64'],
    ['arm64', 'arm64'],
    ['armv7l', 'arm'],
    ['i686', 'ia32'],
    ['riscv64', 'riscv64'],
  ])('%s → %s', (machine, expected) => {
    expect(normalizeArch(machine)).toBe(expected);
  });
});
