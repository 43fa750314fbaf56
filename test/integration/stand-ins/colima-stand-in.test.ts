// The colima stand-in enforces colima's rules: virtiofs without vz silently becomes sshfs, 9p with
// vz silently becomes virtiofs, an existing VM keeps its VM and mount type, and a profile's socket
// serves the real engine. The user's own profile is a file the tests check byte for byte.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import Docker from 'dockerode';
import { afterEach, describe, expect, it } from 'vitest';
import { createStandinSandbox, type SandboxOptions, type StandinSandbox } from '../../stand-ins/sandbox';
import { waitForValue } from './wait';

const sandboxes: StandinSandbox[] = [];
afterEach(async () => {
  await Promise.all(sandboxes.splice(0).map((s) => s.remove()));
});

function sandbox(options: SandboxOptions): StandinSandbox {
  const s = createStandinSandbox(options);
  sandboxes.push(s);
  return s;
}

interface ColimaStatus {
  display_name: string;
  driver: string;
  mount_type: string;
  docker_socket: string;
}

async function status(s: StandinSandbox, profile: string): Promise<ColimaStatus | null> {
  const out = await s.run('colima', ['status', '-p', profile, '--json']);
  return out.code === 0 ? (JSON.parse(out.stdout) as ColimaStatus) : null;
}

describe('colima stand-in', () => {
  it('says it is a stand-in', async () => {
    const s = sandbox({});
    expect((await s.run('colima', ['version'])).stdout).toMatch(
      /colima version \d+\.\d+\.\d+ \(Mountbench stand-in\)/,
    );
    expect((await s.run('colima', ['--help'])).stdout).toMatch(/STAND-IN/);
  });

  it('turns virtiofs without vz into sshfs, and 9p with vz into virtiofs, without a word', async () => {
    const s = sandbox({ colimaDefault: true });
    const a = await s.run('colima', [
      'start',
      '-p',
      'mountbench-qemu-virtiofs',
      '--vm-type',
      'qemu',
      '--mount-type',
      'virtiofs',
      '--activate=false',
    ]);
    expect(a.code, a.stderr).toBe(0);
    expect(a.stderr).not.toMatch(/WARN/);
    expect(await status(s, 'mountbench-qemu-virtiofs')).toMatchObject({
      driver: 'QEMU',
      mount_type: 'sshfs',
    });

    const b = await s.run('colima', [
      'start',
      '-p',
      'mountbench-vz-9p',
      '--vm-type',
      'vz',
      '--mount-type',
      '9p',
      '--activate=false',
    ]);
    expect(b.code, b.stderr).toBe(0);
    const vz = await status(s, 'mountbench-vz-9p');
    expect(vz).toMatchObject({ driver: 'macOS Virtualization.Framework', mount_type: 'virtiofs' });
    expect(readFileSync(s.file('.colima', 'mountbench-vz-9p', 'colima.yaml'), 'utf8')).toMatch(
      /^mountType: virtiofs$/m,
    );
    const socket = vz!.docker_socket.replace(/^unix:\/\//, '');
    expect(String(await new Docker({ socketPath: socket }).ping())).toBe('OK');
    expect(readFileSync(`${socket}.fstype`, 'utf8').trim()).toBe('virtiofs');
  });

  it('cannot change the VM type or mount type of an existing profile', async () => {
    const s = sandbox({ colima: true });
    expect(
      (await s.run('colima', ['start', '-p', 'mountbench-x', '--vm-type', 'qemu', '--mount-type', '9p']))
        .code,
    ).toBe(0);
    expect((await s.run('colima', ['stop', '-p', 'mountbench-x'])).code).toBe(0);
    expect(await status(s, 'mountbench-x')).toBeNull();
    const again = await s.run('colima', [
      'start',
      '-p',
      'mountbench-x',
      '--vm-type',
      'vz',
      '--mount-type',
      'virtiofs',
    ]);
    expect(again.code).toBe(0);
    // cmd/start.go setFixedConfigs: the state file wins, each discarded value with this warning.
    expect(again.stderr).toMatch(/'virtual machine type' cannot be updated after initial setup, discarded/);
    expect(again.stderr).toMatch(/'volume mount type' cannot be updated after initial setup, discarded/);
    expect(await status(s, 'mountbench-x')).toMatchObject({ driver: 'QEMU', mount_type: '9p' });
  });

  it('obeys the state file `_lima/<instance>/colima.yaml` of an existing VM, not an edited profile file', async () => {
    const s = sandbox({ colima: true, env: { STANDIN_COLIMA_VERSION: '0.10.3' } });
    const first = await s.run('colima', ['start', '--vm-type', 'qemu', '--mount-type', 'sshfs']);
    expect(first.code, first.stderr).toBe(0);
    expect((await s.run('colima', ['stop'])).code).toBe(0);
    const state = readFileSync(s.file('.colima', '_lima', 'colima', 'colima.yaml'), 'utf8');
    // yaml.v3 as yamlutil.Save encodes it: the template's comments, nil lists as null, two spaces.
    expect(state).toMatch(/^# Number of CPUs to be allocated to the virtual machine\.$/m);
    expect(state).toMatch(/^hostname: colima$/m);
    expect(state).toMatch(/^provision: null$/m);
    expect(state).toMatch(/^ {2}dns: null$/m);
    expect(state).toMatch(/^ {2}k3sArgs:\n {4}- --disable=traefik$/m);
    expect(state).toMatch(/^mountType: sshfs$/m);
    // The published tip: edit the profile's file after creation.
    const profile = s.file('.colima', 'default', 'colima.yaml');
    writeFileSync(
      profile,
      readFileSync(profile, 'utf8').replace(/^mountType: sshfs$/m, 'mountType: virtiofs'),
    );
    const again = await s.run('colima', ['start']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/'volume mount type' cannot be updated after initial setup, discarded/);
    expect(await status(s, 'default')).toMatchObject({ driver: 'QEMU', mount_type: 'sshfs' });
    // --save-config: the profile's file is written back with what runs.
    expect(readFileSync(profile, 'utf8')).toMatch(/^mountType: sshfs$/m);
  });

  it('starts a new profile from `_templates/default.yaml` (always before 0.8.4, opt-in in 0.8.4, opt-out from 0.9.0)', async () => {
    const hostile = [
      'runtime: containerd',
      'mountType: 9p',
      'mounts:',
      '  - location: /nowhere/else',
      '    writable: false',
      '',
    ].join('\n');
    const s = sandbox({ colima: true, env: { STANDIN_COLIMA_VERSION: '0.10.3' } });
    mkdirSync(s.file('.colima', '_templates'), { recursive: true });
    writeFileSync(s.file('.colima', '_templates', 'default.yaml'), hostile);
    const a = await s.run('colima', ['start', '-p', 'a', '--vm-type', 'qemu', '--activate=false']);
    expect(a.code, a.stderr).toBe(0);
    const sa = (await s.run('colima', ['status', '-p', 'a', '--json'])).stdout;
    expect(JSON.parse(sa)).toMatchObject({ runtime: 'containerd', mount_type: '9p' });
    expect(JSON.parse(sa)).not.toHaveProperty('docker_socket');
    expect(readFileSync(s.file('.colima', '_lima', 'colima-a', 'colima.yaml'), 'utf8')).toMatch(
      /^mounts:\n {2}- location: \/nowhere\/else$/m,
    );
    const b = await s.run('colima', ['start', '-p', 'b', '--vm-type', 'qemu', '--template=false']);
    expect(b.code, b.stderr).toBe(0);
    expect(await status(s, 'b')).toMatchObject({ mount_type: 'sshfs', docker_socket: expect.any(String) });
    expect(readFileSync(s.file('.colima', '_lima', 'colima-b', 'colima.yaml'), 'utf8')).toMatch(
      /^mounts: null$/m,
    );
    // 0.8.1 has no --template; 0.8.4 has it, off unless asked.
    const old = await s.run('colima', ['start', '-p', 'c', '--template=false'], {
      STANDIN_COLIMA_VERSION: '0.8.1',
    });
    expect(old.stderr).toMatch(/unknown flag: --template/);
    const mid = await s.run('colima', ['start', '-p', 'd', '--vm-type', 'qemu'], {
      STANDIN_COLIMA_VERSION: '0.8.4',
    });
    expect(mid.code, mid.stderr).toBe(0);
    expect(mid.stderr).toMatch(/runtime: docker/);
  });

  it('activates its context unless told not to, lists and deletes profiles, and never touches the default one', async () => {
    const s = sandbox({ colimaDefault: true });
    const userProfile = s.file('.colima', 'default', 'colima.yaml');
    const before = readFileSync(userProfile, 'utf8');
    expect((await s.run('colima', ['start', '-p', 'mountbench-a', '--vm-type', 'qemu'])).code).toBe(0);
    const config = JSON.parse(readFileSync(s.file('.docker', 'config.json'), 'utf8')) as {
      currentContext: string;
    };
    expect(config.currentContext).toBe('colima-mountbench-a');
    const list = (await s.run('colima', ['list', '--json'])).stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { name: string; status: string });
    expect(list).toEqual([expect.objectContaining({ name: 'mountbench-a', status: 'Running' })]);
    expect((await s.run('colima', ['delete', '-p', 'mountbench-a', '--force'])).code).toBe(0);
    expect(existsSync(s.file('.colima', 'mountbench-a'))).toBe(false);
    expect((await s.run('colima', ['list', '--json'])).stdout.trim()).toBe('');
    expect(readFileSync(userProfile, 'utf8')).toBe(before);
  });

  it('has no --vm-type before macOS 13 (nor on Linux): QEMU is the only VM there', async () => {
    for (const host of ['darwin arm64 12.6', 'linux x64']) {
      const s = sandbox({ env: { MOUNTBENCH_HOST: host } });
      const out = await s.run('colima', ['start', '-p', 'mountbench-vz', '--vm-type', 'vz']);
      expect(out.code).toBe(1);
      expect(out.stderr).toMatch(/unknown flag: --vm-type/);
    }
  });

  it('has no `status --json` before 0.8.1, no `delete --data` before 0.9.0, and needs qemu-img for QEMU since 0.8.0', async () => {
    const old = sandbox({ colima: true, env: { STANDIN_COLIMA_VERSION: '0.8.0' } });
    expect((await old.run('colima', ['status', '-p', 'x', '--json'])).stderr).toMatch(/unknown flag: --json/);
    const older = sandbox({ colima: true, env: { STANDIN_COLIMA_VERSION: '0.8.1' } });
    expect((await older.run('colima', ['delete', '-p', 'x', '--data'])).stderr).toMatch(
      /unknown flag: --data/,
    );
    const noQemu = sandbox({ colima: true, qemu: false });
    const out = await noQemu.run('colima', ['start', '-p', 'mountbench-qemu-sshfs', '--vm-type', 'qemu']);
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(/qemu-img not found/);
  });

  it('since 0.9.0 keeps a deleted profile’s data disk unless --data is given', async () => {
    const s = sandbox({ colima: true, env: { STANDIN_COLIMA_VERSION: '0.10.3' } });
    const disk = (p: string) => s.file('.colima', '_lima', '_disks', `colima-${p}`);
    for (const p of ['a', 'b'])
      expect((await s.run('colima', ['start', '-p', p, '--activate=false'])).code).toBe(0);
    expect((await s.run('colima', ['delete', '-p', 'a', '--force'])).code).toBe(0);
    expect((await s.run('colima', ['delete', '-p', 'b', '--force', '--data'])).code).toBe(0);
    expect([existsSync(disk('a')), existsSync(disk('b'))]).toEqual([true, false]);
  });

  it('fails to start when told to, and never becomes ready when told to hang', async () => {
    const s = sandbox({ colima: true });
    const failed = await s.run('colima', ['start', '-p', 'mountbench-f'], { STANDIN_FAIL: 'colima:start' });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/error starting vm/);
    expect(await status(s, 'mountbench-f')).toBeNull();

    // Told to hang, the start never returns: it is stopped once its state says "starting", however
    // long a busy machine takes to get there (a fixed two seconds once killed it before it wrote).
    const hung = spawn('colima', ['start', '-p', 'mountbench-h'], {
      env: { ...s.env, STANDIN_HANG: 'start' },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => hung.once('exit', (code) => resolve(code)));
    try {
      const state = await waitForValue(() => {
        try {
          return (
            JSON.parse(
              readFileSync(s.file('.colima', '_lima', 'colima-mountbench-h', 'standin-state.json'), 'utf8'),
            ) as { status?: string }
          ).status;
        } catch {
          return undefined;
        }
      }, 180_000);
      expect(state).toBe('starting');
      expect(hung.exitCode).toBeNull();
    } finally {
      hung.kill('SIGKILL');
    }
    expect(await exited).toBeNull();
    expect(await status(s, 'mountbench-h')).toBeNull();
  });
});

describe('OrbStack stand-in', () => {
  it('starts and stops, with its socket serving the real engine, and says it is a stand-in', async () => {
    const s = sandbox({ orbstack: true });
    expect((await s.run('orb', ['version'])).stdout).toMatch(/stand-in/);
    expect((await s.run('orb', ['status'])).stdout.trim()).toBe('Stopped');
    expect((await s.run('orb', ['start'])).code).toBe(0);
    expect((await s.run('orb', ['status'])).stdout.trim()).toBe('Running');
    expect(String(await new Docker({ socketPath: s.file('.orbstack', 'run', 'docker.sock') }).ping())).toBe(
      'OK',
    );
    expect((await s.run('orb', ['stop'])).code).toBe(0);
    expect((await s.run('orb', ['status'])).stdout.trim()).toBe('Stopped');
  });
});
