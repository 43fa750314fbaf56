// Shared set-up for the integration tests: the real local Docker Engine, the bench image the
// machine can use (MOUNTBENCH_IMAGE in CI: built offline), the tools image (MOUNTBENCH_TOOLS_IMAGE in
// CI: built offline by scripts/build-tools-image.sh), and throwaway cache folders.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import Docker from 'dockerode';
import { MOUNTBENCH_LABEL, MOUNTBENCH_LABEL_VALUE } from '../../src/shared/ids';
import { benchImageFor } from '../../src/core/runner/image';
import { toolsImageFor } from '../../src/core/runner/tools-image';
import { fsTypeForPath } from '../../src/core/runner/proc-mounts';
import { OWNER_LABEL, ownerIsAlive } from '../../src/core/vocab/run-owner';

export const docker = new Docker();
export const image = benchImageFor(undefined);
/** The image workloads needing git, node, npm, fio or php run in. */
export const toolsImage = toolsImageFor(undefined);

export function tempDir(prefix: string): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), `mountbench-${prefix}-`));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/**
 * Everything on the engine that carries the mountbench label; with a scope, only what one run or
 * one mountbench process made, so a developer's own runs (or another test process) cannot fail it.
 */
export async function labelledLeftovers(
  scope: { runId?: string; ownerPid?: number; deadOwnersOnly?: boolean } = {},
  /** The engine to look on: the local one by default (a Podman engine's for its tests). */
  engine: Docker = docker,
): Promise<{ containers: string[]; volumes: string[] }> {
  const label = [`${MOUNTBENCH_LABEL}=${MOUNTBENCH_LABEL_VALUE}`];
  if (scope.runId) label.push(`mountbench.run=${scope.runId}`);
  if (scope.ownerPid) label.push(`${OWNER_LABEL}=${hostname()}:${scope.ownerPid}`);
  const filters = { label };
  // `deadOwnersOnly`: what `mountbench cleanup` is bound to remove; live runs of other processes stay.
  const keep = (labels: Record<string, string> | undefined) =>
    !scope.deadOwnersOnly || !ownerIsAlive(labels?.[OWNER_LABEL]);
  const containers = (await engine.listContainers({ all: true, filters })).filter((c) => keep(c.Labels));
  const volumes = ((await engine.listVolumes({ filters })).Volumes ?? []).filter((v) => keep(v.Labels));
  return { containers: containers.map((c) => c.Names.join(',')), volumes: volumes.map((v) => v.Name) };
}

/** The host's own idea of the filesystem under a path, to check what the container reported. */
export function hostFsType(path: string): string | null {
  return fsTypeForPath(readFileSync('/proc/mounts', 'utf8'), path);
}

export function fuseMountsBelow(root: string): string[] {
  return readFileSync('/proc/mounts', 'utf8')
    .split('\n')
    .map((l) => l.split(' '))
    .filter((f) => f.length > 2 && f[2].startsWith('fuse') && f[1].startsWith(root))
    .map((f) => f[1]);
}
