// The live probe, on the machine running the tests (Linux in CI).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { machineSchema } from '../../shared/result-schema';
import { getMachineInfo } from './machine-info';

describe.runIf(process.platform === 'linux')('getMachineInfo on this Linux machine', () => {
  it('describes this machine, validly, and without its hostname', async () => {
    const info = await getMachineInfo();
    expect(machineSchema.safeParse(info).success).toBe(true);

    expect(info.os.platform).toBe('linux');
    expect(info.processArch).toBe(process.arch);
    expect(info.rosetta).toBe(false);
    expect(info.cores).toBe(os.cpus().length);
    expect(info.memoryBytes).toBe(os.totalmem());
    expect(info.os.kernel).toBe(`Linux ${execFileSync('uname', ['-r'], { encoding: 'utf8' }).trim()}`);

    const uname = execFileSync('uname', ['-m'], { encoding: 'utf8' }).trim();
    expect(info.arch).toBe({ x86_64: 'x64', aarch64: 'arm64' }[uname] ?? uname);

    const osRelease = readFileSync('/etc/os-release', 'utf8');
    const pretty = /^PRETTY_NAME="?([^"\n]*)"?$/m.exec(osRelease);
    if (pretty) expect(info.os.name).toBe(pretty[1]);
    expect(info.chip).not.toBe('');

    // No field is the hostname; a long enough hostname appears nowhere, not even inside a field.
    const strings = [info.chip, info.arch, info.processArch, ...Object.values(info.os)];
    expect(strings).not.toContain(os.hostname());
    if (os.hostname().length >= 6) expect(JSON.stringify(info)).not.toContain(os.hostname());
  });
});
