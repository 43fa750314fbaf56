// A REAL Podman engine for the tests: Debian's podman (4.3) serving its Docker-compatible API with
// `podman system service --time=0 unix://<sock>`, rootful, with its own storage and run folders in
// a temp folder (so nothing of a user's Podman is touched), and the bench image loaded from the
// Docker engine into Podman's store, as a user without a registry would (`docker save | podman
// load`, here through both APIs). Found to work in the test container (docs/product-facts.md,
// Podman, "in Mountbench's tests"): storage driver overlay, cgroup manager cgroupfs, events to a
// file (no journald), and containers.conf `default_ulimits` at or below the limits conmon runs
// with (nofile 16384, nproc 32768): Podman's defaults (1048576) fail in runc with "error setting
// rlimit type 7/6: operation not permitted".
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Docker from 'dockerode';
import { pingSocket } from '../../src/core/providers/ping-socket';
import { docker, image } from './support';

export interface PodmanEngine {
  socket: string;
  docker: Docker;
  /** `podman` with this engine's storage, for checks the API does not answer. */
  podman(args: string[]): string;
  stop(): Promise<void>;
}

const CONTAINERS_CONF = `[containers]
default_ulimits = ["nofile=16384:16384", "nproc=32768:32768"]
`;

// The engine is test equipment, like dockerd, not the product under test: a run that puts decoys or
// nothing on PATH (scripts/check-path-isolation.sh) names the real one by absolute path.
const PODMAN = process.env.MOUNTBENCH_TEST_PODMAN || 'podman';

export async function startPodmanEngine(): Promise<PodmanEngine> {
  // Short root: the socket path must stay below the 108-byte limit.
  const root = mkdtempSync(join(tmpdir(), 'mb-pm-'));
  const conf = join(root, 'containers.conf');
  writeFileSync(conf, CONTAINERS_CONF);
  const socket = join(root, 'api.sock');
  const global = [
    '--root',
    join(root, 'storage'),
    '--runroot',
    join(root, 'run'),
    '--storage-driver',
    'overlay',
    '--cgroup-manager',
    'cgroupfs',
    '--events-backend',
    'file',
  ];
  const env = { ...process.env, CONTAINERS_CONF: conf };
  const service: ChildProcess = spawn(
    PODMAN,
    [...global, 'system', 'service', '--time=0', `unix://${socket}`],
    {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let log = '';
  service.stderr?.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => service.once('exit', () => resolve()));
  let spawnError: Error | null = null;
  service.once('error', (err) => (spawnError = err));
  for (let i = 0; i < 200 && !(await pingSocket(socket, 500)); i++) {
    if (spawnError || service.exitCode !== null) break;
    await sleep(100);
  }
  if (!(await pingSocket(socket, 1000))) {
    service.kill('SIGKILL');
    rmSync(root, { recursive: true, force: true });
    throw new Error(`podman system service did not answer on ${socket}: ${spawnError ?? log}`);
  }
  const podmanDocker = new Docker({ socketPath: socket });
  // The bench image, from the Docker engine's store into Podman's.
  const tar = await docker.getImage(image).get();
  const loaded = await podmanDocker.loadImage(tar);
  await new Promise<void>((resolve, reject) => {
    loaded.on('data', () => undefined);
    loaded.on('end', () => resolve());
    loaded.on('error', reject);
  });
  return {
    socket,
    docker: podmanDocker,
    podman: (args) => execFileSync(PODMAN, [...global, ...args], { env, encoding: 'utf8' }),
    async stop() {
      service.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000)]);
      if (service.exitCode === null) service.kill('SIGKILL');
      try {
        // Layers are mounted while a container exists; a reset unmounts and deletes them.
        execFileSync(PODMAN, [...global, 'system', 'reset', '--force'], {
          env,
          stdio: 'ignore',
          timeout: 60_000,
        });
      } catch {
        // removed below as far as it can be
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}
