// The workloads for real through Podman's Docker-compatible API (a real `podman system service`,
// podman-engine.ts): dockerode against the Podman socket, small-file-read and dd-write on a bind
// mount and a named volume at quick size. What Podman answers differently is checked here, where
// Mountbench depends on it, instead of assumed: the bench image loaded into Podman's store is
// found under the name the runner asks for (Podman names it localhost/…), labels filter
// containers and volumes, everything is removed afterwards, and the fs types are the host's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOUNTBENCH_LABEL, MOUNTBENCH_LABEL_VALUE } from '../../src/shared/ids';
import type { RunFile } from '../../src/shared/result-schema';
import type { RunRequest } from '../../src/shared/run-plan';
import { runFileSchema } from '../../src/shared/result-schema';
import { ensureImage } from '../../src/core/runner/image';
import { runOnEngine } from './engine-run';
import { startPodmanEngine, type PodmanEngine } from './podman-engine';
import { hostFsType, image, tempDir } from './support';

const cache = tempDir('podman-workloads');
let engine: PodmanEngine;

beforeAll(async () => {
  engine = await startPodmanEngine();
}, 120_000);
afterAll(async () => {
  await engine?.stop();
  cache.remove();
}, 120_000);

async function labelled(runId: string) {
  const filters = { label: [`${MOUNTBENCH_LABEL}=${MOUNTBENCH_LABEL_VALUE}`, `mountbench.run=${runId}`] };
  const containers = await engine.docker.listContainers({ all: true, filters });
  const volumes = (await engine.docker.listVolumes({ filters })).Volumes ?? [];
  return { containers: containers.map((c) => c.Names.join(',')), volumes: volumes.map((v) => v.Name) };
}

describe('the workloads through a real Podman API socket', () => {
  let result: RunFile;

  beforeAll(async () => {
    const request: RunRequest = {
      mounts: ['bind', 'volume'],
      variants: ['native'],
      workloads: ['small-file-read', 'dd-write'],
      size: 'quick',
      runs: 2,
      warmup: 0,
    };
    result = await runOnEngine(request, { runId: 'it-podman', docker: engine.docker, cacheDir: cache.path });
  }, 300_000);

  it('is Podman answering, and it finds the loaded bench image under the name the runner asks for', async () => {
    const version = await engine.docker.version();
    expect(version.Components?.map((c) => c.Name)).toContain('Podman Engine');
    // Podman stores a loaded image without a registry as localhost/<name>…
    const tags = (await engine.docker.getImage(image).inspect()).RepoTags;
    expect(tags).toContain(`localhost/${image}`);
    // …and resolves the short name to it, so the runner never tries to pull (there is no registry here).
    await expect(
      ensureImage(engine.docker, image, new AbortController().signal, () => undefined),
    ).resolves.toBe(undefined);
  });

  it('runs every workload on the bind mount and the named volume without errors', () => {
    expect(result.errors).toEqual([]);
    expect(runFileSchema.safeParse(result).success).toBe(true);
    for (const backend of ['docker-engine/native/bind', 'docker-engine/native/volume']) {
      for (const workload of ['small-file-read', 'dd-write']) {
        const r = result.results.find((x) => x.backend.id === backend && x.workload.id === workload);
        expect(r, `${backend} ${workload}`).toBeDefined();
        expect(r!.stats.samples).toHaveLength(2);
        expect(r!.stats.min).toBeGreaterThan(0);
      }
    }
  });

  it('sees the host folder’s own filesystem on the bind mount (Podman on Linux shares natively)', () => {
    const bind = result.results.find((r) => r.backend.id === 'docker-engine/native/bind');
    expect(bind?.fsType).toBe(hostFsType(cache.path));
    const volume = result.results.find((r) => r.backend.id === 'docker-engine/native/volume');
    expect(volume?.fsType).toBeTruthy();
  });

  it('leaves nothing labelled behind on the Podman engine', async () => {
    expect(await labelled('it-podman')).toEqual({ containers: [], volumes: [] });
    expect(engine.podman(['ps', '-a', '--format', '{{.Names}}']).trim()).toBe('');
  });
});
