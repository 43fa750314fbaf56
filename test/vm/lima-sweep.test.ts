// Mountbench's Lima provider end to end across a real VM boundary (issue 25): the limactl stand-in
// with its vm-rig backend (STANDIN_LIMA_BACKEND=vm-rig) boots the rig's QEMU guest for the user's
// instance `docker`, sharing the home folder as the instance's lima.yaml says (reverse-sshfs, or 9p
// with its msize and cache). Every restart here is a real one, QEMU ended and started again: the
// first start boots (a TCG boot: 1-5 minutes) and every later one resumes the guest saved then
// (vm-rig.ts): the rig exports the instance's 9p device whatever its mount type, so a start on 9p
// has the devices of one on reverse-sshfs, and the file boots once and resumes three times. One
// 9p variant: a second msize measured the same 9p device again after one more restart of the kind
// the first already shows (lima.yaml's msize edit is the fault-injection scenarios'). No warm-up:
// nothing here is a figure. Nothing asserts a time.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunFile } from '../../src/shared/result-schema';
import { findUnfinishedJournals } from '../../src/core/journal';
import { LIMA_PROCESS_LABELS } from '../../src/core/providers/lima';
import { servingWords } from '../../src/shared/serving-words';
import { mountbenchChild } from '../support/mountbench-cli';
import { testHelperImage } from '../integration/helper-image';
import { createStandinSandbox, type StandinSandbox } from '../stand-ins/sandbox';
import { enginePings } from '../vm-rig/vm-rig';
import { VM_HANG_GUARD_MS } from '../vm-rig/hang-guard';

const IMAGE = process.env.MOUNTBENCH_IMAGE ?? 'mountbench/bench:offline';
/** `mountbench` with the TCG sizes (the CLI runs as a child: the crash case kills it). */
const TCG_MOUNTBENCH = [process.execPath, join(__dirname, '..', 'vm-rig', 'tcg-mountbench.cjs')];
const QUICK = ['--workload', 'small-file-read', '--size', 'quick', '--runs', '2', '--warmup', '0'];
// Boots took 270-320 s at load 14-19 on 2 cores (vm-rig.ts); the provider's own start waits 15 min.
const READY = ['--ready-timeout', '900'];

let sb: StandinSandbox;
let socket: string;
let yamlFile: string;
let yamlBefore: string;

interface LimaRow {
  name: string;
  status: string;
  config: { mountType: string; mounts: Array<{ location: string; '9p': { msize: string; cache: string } }> };
}

async function limactl(...args: string[]) {
  // A hang guard: the host agent's own wait for the guest is load-scaled (test/vm-rig).
  return sb.run('limactl', args, {}, VM_HANG_GUARD_MS);
}

async function instance(): Promise<LimaRow> {
  const out = await limactl('list', '--json');
  expect(out.code, out.stderr).toBe(0);
  const rows = out.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as LimaRow);
  const found = rows.find((r) => r.name === 'docker');
  if (!found) throw new Error(`no instance docker in ${out.stdout}`);
  return found;
}

/** Processes of this sandbox's instance: the host agent, QEMU (its disk) and the sshfs session. */
function guestProcesses(): string {
  return execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' })
    .split('\n')
    .filter((l) => l.includes(sb.root) && !l.includes(' ps '))
    .join('\n');
}

beforeAll(async () => {
  sb = createStandinSandbox({
    lima: true,
    env: {
      STANDIN_LIMA_BACKEND: 'vm-rig',
      // The stand-ins' PATH hides QEMU and qemu-img; the host agent needs the host's.
      STANDIN_LIMA_RIG_HOST_PATH: process.env.PATH ?? '',
      STANDIN_LIMA_RIG_IMAGES: IMAGE,
      // The guest image's cache by the real home: under the sandbox's HOME the agent rebuilt it.
      MOUNTBENCH_VM_CACHE:
        process.env.MOUNTBENCH_VM_CACHE ??
        join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'mountbench-vm-rig'),
      MOUNTBENCH_IMAGE: IMAGE,
    },
  });
  // Fixtures for bind mounts must be in a folder the instance shares: Lima shares the home folder.
  sb.env.MOUNTBENCH_CACHE_DIR = sb.file('.cache', 'mountbench');
  socket = sb.file('.lima', 'docker', 'sock', 'docker.sock');
  yamlFile = sb.file('.lima', 'docker', 'lima.yaml');
  // The user's instance as `limactl create` makes it: QEMU, reverse-sshfs, home writable.
  const created = await limactl(
    'create',
    '--tty=false',
    '--name=docker',
    '--vm-type=qemu',
    '--mount-type=reverse-sshfs',
    '--mount-writable',
    'template:docker',
  );
  expect(created.code, created.stderr).toBe(0);
  yamlBefore = readFileSync(yamlFile, 'utf8');
  const started = await limactl('start', '--tty=false', 'docker');
  expect(
    started.code,
    `${started.stderr}\n${readFileSync(sb.file('.lima', 'docker', 'ha.stdout.log'), 'utf8')}`,
  ).toBe(0);
  console.log(`lima stand-in: ${readFileSync(sb.file('.lima', 'docker', 'ha.stdout.log'), 'utf8').trim()}`);
});

afterAll(async () => {
  if (!sb) return;
  // A clean power-off first: the sandbox's own cleanup gives a process five seconds.
  if ((await instance().catch(() => null))?.status === 'Running') await limactl('stop', 'docker');
  await limactl('stop', '--force', 'docker');
  await sb.remove();
});

describe('the limactl stand-in over the VM rig (STAND-IN limactl, real guest)', () => {
  it('start: the socket answers where Lima puts it, list --json says Running, home shared by reverse-sshfs', async () => {
    expect(await enginePings(socket)).toBe(true);
    const row = await instance();
    expect(row.status).toBe('Running');
    expect(row.config.mountType).toBe('reverse-sshfs');
    // The guest's engine, not the host's: its kernel is the guest's and it sees the home by sshfs.
    const out = await mountbenchChild(['engines', '--json', '--timeout', '30'], sb.env);
    expect(out.code, out.stderr).toBe(0);
    const engines = JSON.parse(out.stdout) as Array<{ name: string; endpoint: string; reachable: boolean }>;
    expect(engines.find((e) => e.endpoint === `unix://${socket}`)).toMatchObject({ reachable: true });
  });

  it('edit: refuses a running instance, as Lima does, and leaves lima.yaml alone', async () => {
    const out = await limactl('edit', '--tty=false', '--mount-type=9p', 'docker');
    expect(out.code).not.toBe(0);
    expect(out.stderr).toMatch(/cannot edit a running instance/);
    expect(readFileSync(yamlFile, 'utf8')).toBe(yamlBefore);
  });
});

/** Every setting put back: lima.yaml byte for byte, the instance running on reverse-sshfs, no journal open. */
async function expectInstanceAsBefore(): Promise<void> {
  expect(readFileSync(yamlFile, 'utf8')).toBe(yamlBefore);
  const row = await instance();
  expect(row.status).toBe('Running');
  expect(row.config.mountType).toBe('reverse-sshfs');
  expect(await enginePings(socket)).toBe(true);
  expect(await findUnfinishedJournals(sb.dataDir)).toEqual([]);
}

describe('cold cache on the Lima instance, across the boundary', () => {
  it('drops the guest’s page cache before every sample, and the bind mount’s result says the host’s was not dropped', async () => {
    // The helper image by id (no registry here), loaded into the guest's engine through the
    // instance's socket with the host's docker CLI (the sandbox's PATH hides it).
    const helper = testHelperImage();
    execFileSync('sh', ['-c', `docker save '${helper}' | docker -H 'unix://${socket}' load -q`], {
      stdio: 'inherit',
      timeout: 600_000,
    });
    const engines = await mountbenchChild(['engines', '--json', '--timeout', '60'], sb.env);
    expect(engines.code, engines.stderr).toBe(0);
    const lima = (
      JSON.parse(engines.stdout) as Array<{ name: string; provider: string; reachable: boolean }>
    ).find((e) => e.provider === 'lima' && e.reachable);
    expect(lima, engines.stdout).toBeDefined();
    const json = join(sb.root, 'cold.json');
    const out = await mountbenchChild(
      ['run', '--engine', lima!.name, '--mount', 'bind,volume', ...QUICK, '--cold-cache', '--json', json],
      { ...sb.env, MOUNTBENCH_HELPER_IMAGE: helper },
      { command: TCG_MOUNTBENCH },
    );
    expect(out.code, `${out.stdout}\n${out.stderr}`).toBe(0);
    const run = JSON.parse(readFileSync(json, 'utf8')) as RunFile;
    expect(run.errors).toEqual([]);
    const result = (mount: string) => {
      const found = run.results.find((r) => r.backend.mount === mount && r.workload.id === 'small-file-read');
      if (!found) throw new Error(`no ${mount} result: ${run.results.map((r) => r.backend.id).join(', ')}`);
      return found;
    };
    const bind = result('bind');
    const volume = result('volume');
    console.log(
      `lima cold cache on the rig: bind ${bind.fsType} ${JSON.stringify(bind.stats.samples)} s; volume ${volume.fsType} ${JSON.stringify(volume.stats.samples)} s; bind warnings: ${JSON.stringify(bind.warnings)}`,
    );
    expect(bind.fsType).toBe('fuse.sshfs');
    // Whose cache: the VM's (the engine's kernel), said on both results ...
    expect(bind.coldCache).toBe('vm');
    expect(volume.coldCache).toBe('vm');
    // ... and on the shared folder's, that the host's own page cache (which serves it) was not.
    expect(bind.warnings.join('\n')).toMatch(/dropped the engine VM's page cache .*not the host's/);
    expect(volume.warnings.join('\n')).not.toMatch(/not the host's/);
  });
});

describe('Mountbench’s Lima provider on the stand-in over the VM rig', () => {
  it('sweeps reverse-sshfs and 9p bind mounts and a named volume beside them with real restarts, reads each fs type in the container, and puts everything back', async () => {
    const json = join(sb.root, 'sweep.json');
    const out = await mountbenchChild(
      [
        'sweep',
        '--provider',
        'lima',
        '--variants',
        'qemu-reverse-sshfs,qemu-9p-128k-mmap',
        // The volume's fixture goes in on an exec's stdin, ended by a half-close: through the
        // host agent's socket it failed ("exit -1") until that socket passed half-closes on, as
        // Lima's `ssh -L` does (test/stand-ins/lib/socket-relay.cjs).
        '--mount',
        'bind,volume',
        ...QUICK,
        ...READY,
        // One pass: each TCG restart is minutes, and the bracket's order is shown on the real
        // engine (sweep-docker-engine.test.ts); here it is the restarts across the boundary.
        '--single-pass',
        '--json',
        json,
        '--yes',
      ],
      sb.env,
      { command: TCG_MOUNTBENCH },
    );
    expect(out.code, `${out.stdout}\n${out.stderr}`).toBe(0);
    expect(out.stderr).toMatch(/restore: done/);
    const run = JSON.parse(readFileSync(json, 'utf8')) as RunFile;
    expect(run.errors).toEqual([]);
    const fsTypeOf = (id: string) => {
      const found = run.results.find((r) => r.backend.id === id && r.workload.id === 'small-file-read');
      if (!found) throw new Error(`no result for ${id}: ${run.results.map((r) => r.backend.id).join(', ')}`);
      expect(found.stats.samples).toHaveLength(2);
      return found.fsType;
    };
    expect(fsTypeOf('lima/qemu-reverse-sshfs/bind')).toBe('fuse.sshfs');
    expect(fsTypeOf('lima/qemu-9p-128k-mmap/bind')).toBe('9p');
    // The named volume is on the guest's own disk (ext4, build-guest.sh), never on the share. It does
    // not depend on the file-sharing variant, so a sweep measures it once, on the first variant
    // (planBackends), and not again after each restart.
    expect(fsTypeOf('lima/qemu-reverse-sshfs/volume')).toBe('ext4');
    expect(run.results.filter((r) => r.backend.id.endsWith('/volume')).map((r) => r.backend.id)).toEqual([
      'lima/qemu-reverse-sshfs/volume',
    ]);
    // What each sample cost the host: the instance's QEMU and host agent (with the ssh and
    // sftp-server it runs for reverse-sshfs), found from the pid files it keeps as Lima does.
    for (const r of run.results) {
      expect(r.serving?.processes, r.backend.id).toEqual(
        expect.arrayContaining([LIMA_PROCESS_LABELS.vm, LIMA_PROCESS_LABELS.agent]),
      );
      expect(r.serving!.cpuSeconds, r.backend.id).toHaveLength(r.stats.samples.length);
      // A TCG guest spends host CPU on every instruction of the workload: never nothing.
      expect(Math.min(...r.serving!.cpuSeconds), r.backend.id).toBeGreaterThan(0);
    }
    console.log(
      `lima sweep on the rig: ${run.results.map((r) => `${r.backend.id} ${r.fsType} ${r.stats.mean.toFixed(2)} s, host ${servingWords(r)}`).join('; ')}`,
    );
    // Every setting put back, the instance running as it was.
    await expectInstanceAsBefore();
    // At most one TCG boot for the instance: its start on 9p resumed the guest its first start saved,
    // as did the start back on reverse-sshfs (the rig exports the 9p device whatever the mount type).
    // The first start resumes too when an earlier file or check left the booted guest in the cache.
    const starts = readFileSync(sb.file('.lima', 'docker', 'ha.stdout.log'), 'utf8').match(
      /\((booted|resumed)\)$/gm,
    );
    expect(starts).toHaveLength(3);
    expect(starts?.slice(1)).toEqual(['(resumed)', '(resumed)']);
  });

  it('a sweep killed after it stopped the instance and edited lima.yaml: `mountbench restore` puts the file back and starts it again', async () => {
    // Kill point 4: variant (1), stop (2), edit (3), start (4) — recorded, then SIGKILL before the start.
    const out = await mountbenchChild(
      [
        'sweep',
        '--provider',
        'lima',
        '--variants',
        'qemu-9p-128k-mmap',
        '--mount',
        'bind',
        ...QUICK,
        ...READY,
        '--yes',
      ],
      { ...sb.env, MOUNTBENCH_KILL_AT_STEP: '4' },
      { command: TCG_MOUNTBENCH },
    );
    expect(out.signal, `${out.stdout}\n${out.stderr}`).toBe('SIGKILL');
    const [journal] = await findUnfinishedJournals(sb.dataDir);
    const steps = journal.records.filter((r) => r.type === 'step');
    expect(steps.at(-1)).toMatchObject({ owner: 'lima', phase: 'apply', action: 'start' });
    // The crash left what a user would find: the VM down, its lima.yaml asking for 9p.
    const crashed = await instance();
    expect(crashed.status).toBe('Stopped');
    expect(crashed.config.mountType).toBe('9p');
    expect(await enginePings(socket)).toBe(false);

    const restored = await mountbenchChild(['restore'], sb.env, { command: TCG_MOUNTBENCH });
    expect(restored.code, `${restored.stdout}\n${restored.stderr}`).toBe(0);
    await expectInstanceAsBefore();
  });

  it('stop: the guest powers off, the socket goes, Stopped in list --json, no process left', async () => {
    const out = await limactl('stop', 'docker');
    expect(out.code, out.stderr).toBe(0);
    expect((await instance()).status).toBe('Stopped');
    expect(await enginePings(socket)).toBe(false);
    expect(guestProcesses()).toBe('');
  });
});
