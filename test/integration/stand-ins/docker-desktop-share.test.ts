// The Docker Desktop stand-in's file share made real (STANDIN_DD_SHARED_DIR, the sandbox's
// `dockerDesktopShare`): a container's bind mount of the shared folder shows the fs type each
// setting's real share shows (bindfs with its FUSE subtype for gRPC FUSE and osxfs; VirtioFS has no
// FUSE imitation and stays on the local engine's own filesystem), and no FUSE mount outlives the
// stand-in, however it ends.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fsTypeForPath } from '../../../src/core/runner/proc-mounts';
import {
  createStandinSandbox,
  DD_SETTINGS_DIR,
  fuseMountsAt,
  type StandinSandbox,
} from '../../stand-ins/sandbox';
import { docker, hostFsType, image } from '../support';

const sandboxes: StandinSandbox[] = [];
afterEach(async () => {
  await Promise.all(sandboxes.splice(0).map((s) => s.remove()));
});

/** An Intel Mac's Docker Desktop set to VZ + gRPC FUSE, its share over the sandbox's cache folder. */
function sandbox(): { sb: StandinSandbox; shared: string } {
  const sb = createStandinSandbox({
    dockerDesktop: 'settings-store-json-v46-grpcfuse',
    dockerDesktopShare: true,
    env: { MOUNTBENCH_HOST: 'darwin x64 14.5' },
  });
  sandboxes.push(sb);
  return { sb, shared: sb.env.STANDIN_DD_SHARED_DIR as string };
}

/** The fs type a container's bind mount of `folder` (under the shared one) is on, from its /proc/mounts. */
async function fsTypeInContainer(folder: string): Promise<string | null> {
  mkdirSync(folder, { recursive: true });
  const container = await docker.createContainer({
    Image: image,
    Cmd: ['cat', '/proc/mounts'],
    Labels: { 'mountbench-test.stand-in': 'docker-desktop-share' },
    HostConfig: { Binds: [`${folder}:/probe`] },
  });
  try {
    await container.start();
    await container.wait();
    const logs = (await container.logs({ stdout: true, stderr: false, follow: false })) as Buffer;
    // Docker's multiplexed log frames: an 8-byte header before each chunk.
    let text = '';
    for (let at = 0; at + 8 <= logs.length;) {
      const size = logs.readUInt32BE(at + 4);
      text += logs.subarray(at + 8, at + 8 + size).toString('utf8');
      at += 8 + size;
    }
    return fsTypeForPath(text, '/probe');
  } finally {
    await container.remove({ force: true });
  }
}

/** Quits, writes the switches the setting needs (the stand-in reads them at start), starts again. */
async function restartWith(sb: StandinSandbox, switches: Record<string, boolean>): Promise<void> {
  expect((await sb.run('docker', ['desktop', 'stop'])).code).toBe(0);
  const file = sb.file(...DD_SETTINGS_DIR, 'settings-store.json');
  const settings = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  writeFileSync(file, `${JSON.stringify({ ...settings, ...switches }, null, 2)}\n`);
  const started = await sb.run('docker', ['desktop', 'start']);
  expect(started.code, started.stderr).toBe(0);
}

describe('Docker Desktop stand-in: its file share made real with bindfs (stand-in)', () => {
  it('shows fuse.grpcfuse, fuse.osxfs and the engine’s own fs per setting in a container (stand-in)', async () => {
    const { sb, shared } = sandbox();
    const native = hostFsType(shared);
    expect(fuseMountsAt(shared)).toEqual([]);
    const started = await sb.run('docker', ['desktop', 'start']);
    expect(started.code, started.stderr).toBe(0);
    expect(fuseMountsAt(shared)).toEqual([shared]);
    expect(await fsTypeInContainer(join(shared, 'grpcfuse'))).toBe('fuse.grpcfuse');
    // Written through the share, kept in the folder itself once the share is gone.
    writeFileSync(join(shared, 'grpcfuse', 'kept.txt'), 'through bindfs\n');

    await restartWith(sb, {
      UseVirtualizationFramework: false,
      UseVirtualizationFrameworkVirtioFS: false,
      UseGrpcfuse: false,
    });
    expect(fuseMountsAt(shared)).toEqual([shared]);
    expect(await fsTypeInContainer(join(shared, 'osxfs'))).toBe('fuse.osxfs');

    // VirtioFS shows fakeowner on the real product, which FUSE cannot show: no share, the engine's own.
    await restartWith(sb, { UseVirtualizationFramework: true, UseVirtualizationFrameworkVirtioFS: true });
    expect(fuseMountsAt(shared)).toEqual([]);
    expect(await fsTypeInContainer(join(shared, 'virtiofs'))).toBe(native);

    expect(readFileSync(join(shared, 'grpcfuse', 'kept.txt'), 'utf8')).toBe('through bindfs\n');
    expect((await sb.run('docker', ['desktop', 'stop'])).code).toBe(0);
    expect(fuseMountsAt(shared)).toEqual([]);
  });

  it('leaves no FUSE mount after a quit, a forced stop, or a killed app and the sandbox’s stopAll (stand-in)', async () => {
    const { sb, shared } = sandbox();
    const start = async () => {
      const started = await sb.run('docker', ['desktop', 'start']);
      expect(started.code, started.stderr).toBe(0);
      expect(fuseMountsAt(shared)).toEqual([shared]);
    };
    await start();
    expect((await sb.run('docker', ['desktop', 'stop'])).code).toBe(0);
    expect(fuseMountsAt(shared)).toEqual([]);

    await start();
    expect((await sb.run('docker', ['desktop', 'restart'])).code).toBe(0);
    // A restart takes the share down and puts one back: never two stacked.
    expect(fuseMountsAt(shared)).toEqual([shared]);
    expect((await sb.run('docker', ['desktop', 'stop', '--force'])).code).toBe(0);
    expect(fuseMountsAt(shared)).toEqual([]);

    // Killed outright, the app cannot take its share down: bindfs runs on until the sandbox does it.
    await start();
    const state = JSON.parse(
      readFileSync(
        sb.file('Library', 'Containers', 'com.docker.docker', 'Data', 'standin', 'state.json'),
        'utf8',
      ),
    ) as { pid: number; share: { dir: string; fsType: string } };
    expect(state.share).toEqual({ dir: shared, fsType: 'fuse.grpcfuse' });
    process.kill(state.pid, 'SIGKILL');
    expect(fuseMountsAt(shared)).toEqual([shared]);
    await sb.stopAll();
    expect(fuseMountsAt(shared)).toEqual([]);
  });
});
