// The stand-in products' engine sockets pass a half-close on, as the products' own forwards do
// (Lima's `ssh -L`: test/stand-ins/lib/socket-relay.cjs). A `docker exec` fed on stdin ends its
// input with a half-close and reads the answer after it; Mountbench lays a named volume's fixture
// that way. Through a proxy that turned the half-close into a full close (Node's default, which
// the STAND-IN Lima host agent on the VM rig used), the answer was cut: the volume's fixture failed
// there. The real engine behind each stand-in socket; nothing here is mocked.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import Docker from 'dockerode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dockerExec } from '../../src/core/runner/docker-exec';
import type { RunFile } from '../../src/shared/result-schema';
import { mountbenchChild } from '../support/mountbench-cli';
import { docker, image, tempDir } from './support';

const req = createRequire(__filename);
const { createForwarder } = req('../stand-ins/lib/forwarder.cjs') as {
  createForwarder(listenPath: string, targetPath: string): Promise<{ close(): Promise<void> }>;
};
const { startDesktopEngine } = req('../stand-ins/lib/desktop-engine-identity.cjs') as {
  startDesktopEngine(o: { socketPath: string; desktopAddress: string }): Promise<{ close(): Promise<void> }>;
};

const ENGINE = '/var/run/docker.sock';
// More than a socket's buffer, so the input is still in flight when it ends.
const INPUT_BYTES = 4 * 1024 * 1024;

const root = tempDir('half-close');
const closers: Array<() => Promise<void>> = [];
let container: Docker.Container;

beforeAll(async () => {
  container = await docker.createContainer({
    Image: image,
    Cmd: ['sleep', '600'],
    Labels: { 'mountbench.test': 'stand-in-half-close' },
  });
  await container.start();
});

afterAll(async () => {
  for (const close of closers) await close();
  await container?.remove({ force: true });
  root.remove();
});

const relays: Array<[string, (socketPath: string) => Promise<{ close(): Promise<void> }>]> = [
  [
    'the products’ socket forwarder (Lima’s host agent on the VM rig, colima, Rancher Desktop)',
    (p) => createForwarder(p, ENGINE),
  ],
  [
    'Docker Desktop’s engine-identity socket',
    (p) => startDesktopEngine({ socketPath: p, desktopAddress: join(root.path, 'no-api.sock') }),
  ],
];

describe('STAND-IN engine sockets carry a half-close', () => {
  it.each(relays)('%s: an exec fed on stdin reads its answer after the input ends', async (_name, start) => {
    const socketPath = join(root.path, `${closers.length}.sock`);
    const relay = await start(socketPath);
    closers.push(() => relay.close());
    const through = new Docker({ socketPath });
    const result = await dockerExec(
      through,
      through.getContainer(container.id),
      // The answer comes only once the input has ended: wc counts to EOF.
      ['sh', '-c', 'wc -c; echo after-eof'],
      { signal: new AbortController().signal, stdin: Readable.from([Buffer.alloc(INPUT_BYTES, 97)]) },
    );
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout.trim().split(/\s+/)).toEqual([String(INPUT_BYTES), 'after-eof']);
  });

  // The end-to-end path on a local engine, where the old relay usually won its race (its input was
  // flushed before the close): the exec cases above are the ones that caught it.
  it('a run through the forwarder lays a named volume’s fixture and records the volume’s fs type', async () => {
    const socketPath = join(root.path, 'run.sock');
    const relay = await createForwarder(socketPath, ENGINE);
    closers.push(() => relay.close());
    const json = join(root.path, 'run.json');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DOCKER_HOST: `unix://${socketPath}`,
      MOUNTBENCH_DATA_DIR: join(root.path, 'data'),
      MOUNTBENCH_CACHE_DIR: join(root.path, 'cache'),
    };
    delete env.DOCKER_CONTEXT;
    const out = await mountbenchChild(
      [
        'run',
        '--mount',
        'volume',
        '--workload',
        'small-file-read',
        '--size',
        'quick',
        '--runs',
        '1',
        '--warmup',
        '0',
        '--json',
        json,
      ],
      env,
    );
    expect(out.code, `${out.stdout}\n${out.stderr}`).toBe(0);
    const run = JSON.parse(readFileSync(json, 'utf8')) as RunFile;
    expect(run.errors).toEqual([]);
    const [result] = run.results.filter((r) => r.workload.id === 'small-file-read');
    expect(result.backend.id).toMatch(/\/volume$/);
    // The engine's own disk behind the volume: not a share, not the container's layer.
    expect(result.fsType).not.toMatch(/^(overlay|9p|fuse\.sshfs|tmpfs)$/);
    expect(result.stats.samples).toHaveLength(1);
  });
});
