// `mountbench providers --json` on homes laid out as real users' Macs are (issue 23, "Shown by"):
// a tuned 9p, 9p at 256 KiB with cache loose, an edited colima profile, a colima template with
// runtime containerd, Rancher Desktop 1.25 with a version 19 file, a sparse Docker Desktop file
// with only UseVirtualizationFrameworkVirtioFS: false, and Lima's own Docker instance tuned by
// hand. The command must report what each product runs, offer only variants that can start, and
// change no byte of any file in the home.
// Products are their stand-ins (test/stand-ins/), each doing what the product's source says.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createStandinSandbox, RD_SETTINGS, type StandinSandbox } from '../stand-ins/sandbox';
import { mountbenchChild } from '../support/mountbench-cli';

interface Found {
  detection: {
    id: string;
    installed: boolean;
    version: string | null;
    currentVariant: string | null;
    currentSetting: string | null;
    problems: string[];
  };
  variants: { id: string; available: boolean; reason?: string }[];
}

/** Every file under `dir` with the sha256 of its bytes (sockets and folders left out). */
function hashes(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      const st = statSync(p, { throwIfNoEntry: false });
      if (!st) continue;
      if (st.isDirectory()) walk(p);
      else if (st.isFile())
        out[relative(dir, p)] = createHash('sha256').update(readFileSync(p)).digest('hex');
    }
  };
  walk(dir);
  return out;
}

/** The v19 file with a 9p setting of the user's own, saved as Rancher Desktop saves (compact JSON). */
function setRdNinep(sb: StandinSandbox, ninep: Record<string, unknown>) {
  const file = sb.file(...RD_SETTINGS);
  const json = JSON.parse(readFileSync(file, 'utf8')) as {
    virtualMachine: { type: string; mount: { type: string } };
    experimental: { virtualMachine: { mount: { '9p': Record<string, unknown> } } };
  };
  json.virtualMachine.type = 'qemu';
  json.virtualMachine.mount.type = '9p';
  json.experimental.virtualMachine.mount['9p'] = ninep;
  writeFileSync(file, JSON.stringify(json));
}

async function providers(sb: StandinSandbox): Promise<Record<string, Found>> {
  const before = hashes(sb.home);
  const out = await mountbenchChild(['providers', '--json'], sb.env);
  expect(out.code, out.stderr).toBe(0);
  expect(hashes(sb.home)).toEqual(before);
  const found = JSON.parse(out.stdout) as Found[];
  return Object.fromEntries(found.map((f) => [f.detection.id, f]));
}

const available = (f: Found) => f.variants.filter((v) => v.available).map((v) => v.id);

let sb: StandinSandbox | undefined;
afterEach(async () => {
  await sb?.remove();
  sb = undefined;
});

describe('`mountbench providers --json` on real users’ homes (stand-ins)', () => {
  it('a tuned 9p on Rancher Desktop 1.25 (settings 19), an edited colima profile, a containerd template, a sparse Docker Desktop file', async () => {
    sb = createStandinSandbox({
      rancherDesktop: 19,
      colimaDefault: true,
      dockerDesktop: 'settings-store-json-v46',
      env: { STANDIN_RANCHER_DESKTOP_VERSION: '1.25.0', STANDIN_COLIMA_VERSION: '0.10.3' },
    });
    setRdNinep(sb, {
      securityModel: 'mapped-xattr',
      protocolVersion: '9p2000.u',
      msizeInKib: 128,
      cacheMode: 'none',
    });
    // The user's colima VM, created QEMU + sshfs; then the published tip applied to its profile file.
    expect((await sb.run('colima', ['start', '--vm-type', 'qemu', '--mount-type', 'sshfs'])).code).toBe(0);
    expect((await sb.run('colima', ['stop'])).code).toBe(0);
    const profile = sb.file('.colima', 'default', 'colima.yaml');
    writeFileSync(
      profile,
      readFileSync(profile, 'utf8').replace(/^mountType: sshfs$/m, 'mountType: virtiofs'),
    );
    mkdirSync(sb.file('.colima', '_templates'), { recursive: true });
    writeFileSync(
      sb.file('.colima', '_templates', 'default.yaml'),
      'runtime: containerd\nmounts:\n  - location: /nowhere\n',
    );
    // A sparse Docker Desktop file whose only switch is VirtioFS off.
    const dd = sb.file('Library', 'Group Containers', 'group.com.docker', 'settings-store.json');
    const store = JSON.parse(readFileSync(dd, 'utf8')) as Record<string, unknown>;
    writeFileSync(
      dd,
      `${JSON.stringify({ ...store, UseVirtualizationFrameworkVirtioFS: false }, null, 2)}\n`,
    );

    const found = await providers(sb);

    const rd = found['rancher-desktop'];
    expect(rd.detection).toMatchObject({ version: '1.25.0', currentVariant: null, problems: [] });
    expect(rd.detection.currentSetting).toBe(
      'QEMU + 9p, msize 128 KiB, cache none, security mapped-xattr, 9p2000.u',
    );
    expect(available(rd)).toEqual([
      'qemu-reverse-sshfs',
      'qemu-9p-128k',
      'qemu-9p-512k',
      'qemu-9p-128k-fscache',
      'vz-reverse-sshfs',
      'vz-virtiofs',
    ]);

    const colima = found.colima;
    expect(colima.detection.currentVariant).toBe('qemu-sshfs');
    expect(colima.detection.currentSetting).toMatch(
      /^default profile: QEMU \+ sshfs \(its colima\.yaml asks for qemu \+ virtiofs/,
    );
    // The containerd template is not used for bench profiles (--template=false), so they can start.
    expect(available(colima)).toEqual(['qemu-sshfs', 'qemu-9p', 'vz-sshfs', 'vz-virtiofs']);
    expect(colima.variants.find((v) => v.id === 'krunkit-sshfs')?.reason).toMatch(/krunkit is not installed/);

    const docker = found['docker-desktop'];
    expect(docker.detection.currentVariant).toBe('vz-grpcfuse');
    expect(available(docker)).toContain('vz-virtiofs');
  });

  it('9p at 256 KiB with cache loose is shown as what it is, and is no variant', async () => {
    sb = createStandinSandbox({ rancherDesktop: 19 });
    setRdNinep(sb, {
      securityModel: 'none',
      protocolVersion: '9p2000.L',
      msizeInKib: 256,
      cacheMode: 'loose',
    });
    const rd = (await providers(sb))['rancher-desktop'];
    expect(rd.detection).toMatchObject({
      version: '1.24.0',
      currentVariant: null,
      currentSetting: 'QEMU + 9p, msize 256 KiB, cache loose',
      problems: [],
    });
    expect(rd.variants.every((v) => v.available)).toBe(true);
  });
  it("Lima used directly: the user's QEMU Docker instance with 9p at 256 KiB, a second instance on VZ, no krunkit", async () => {
    sb = createStandinSandbox({ limaDocker: true });
    // The user's own tuning, made as Lima makes it (limactl edit --set), and a second instance.
    const edit = await sb.run('limactl', [
      'edit',
      '--tty=false',
      '--set',
      '.mounts[].9p.msize = "256KiB"',
      'docker',
    ]);
    expect(edit.code, edit.stderr).toBe(0);
    const made = await sb.run('limactl', [
      'create',
      '--tty=false',
      '--name=old',
      '--vm-type=vz',
      'template:docker',
    ]);
    expect(made.code, made.stderr).toBe(0);
    const lima = (await providers(sb)).lima;
    expect(lima.detection).toMatchObject({
      installed: true,
      version: '2.2.0',
      currentVariant: null,
      currentSetting: 'docker: qemu + 9p, msize 256KiB, cache fscache',
      problems: [],
    });
    expect(available(lima)).toEqual([
      'qemu-reverse-sshfs',
      'qemu-9p-128k-mmap',
      'qemu-9p-128k-fscache',
      'qemu-9p-512k-mmap',
      'qemu-9p-128k-loose',
      'vz-reverse-sshfs',
      'vz-virtiofs',
    ]);
    expect(lima.variants.find((v) => v.id === 'krunkit-virtiofs')?.reason).toMatch(
      /krunkit is not installed/,
    );
  });
});
