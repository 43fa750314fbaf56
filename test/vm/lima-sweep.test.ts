// The limactl stand-in over a real VM boundary (issue 25): with its vm-rig backend
// (STANDIN_LIMA_BACKEND=vm-rig) it boots the rig's QEMU guest for the user's instance `docker`,
// sharing the home folder as the instance's lima.yaml says (reverse-sshfs, or 9p with its msize and
// cache). One real boot (a TCG boot: 1-5 minutes); nothing here asserts a time.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountbenchChild } from '../integration/mountbench-child';
import { createStandinSandbox, type StandinSandbox } from '../stand-ins/sandbox';
import { enginePings } from '../vm-rig/vm-rig';

const IMAGE = process.env.MOUNTBENCH_IMAGE ?? 'mountbench/bench:offline';
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
  return sb.run('limactl', args, {}, 1_200_000);
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
}, 1_800_000);

afterAll(async () => {
  if (!sb) return;
  // A clean power-off first: the sandbox's own cleanup gives a process five seconds.
  if ((await instance().catch(() => null))?.status === 'Running') await limactl('stop', 'docker');
  await limactl('stop', '--force', 'docker');
  await sb.remove();
}, 600_000);

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

// The provider's sweep, crash and restore on this stand-in: branch h-limavm-wip (not run yet).
describe('the limactl stand-in over the VM rig, at the end', () => {
  it('stop: the guest powers off, the socket goes, Stopped in list --json, no process left', async () => {
    const out = await limactl('stop', 'docker');
    expect(out.code, out.stderr).toBe(0);
    expect((await instance()).status).toBe('Stopped');
    expect(await enginePings(socket)).toBe(false);
    expect(guestProcesses()).toBe('');
  });
});
