// Drives docker-sync's documented CLI: a docker-sync.yml (version "2", one sync) written in the
// backend's work folder, `docker-sync start` to begin and `docker-sync clean` to stop it and
// remove its containers and volume. Facts and their sources: docs/product-facts.md (docker-sync).
//  - On macOS the strategy is native_osx (unison in a sidecar syncs by itself); elsewhere the yml
//    names none, so docker-sync picks its own default (`native` on Linux: a bind-backed volume).
//  - `docker-sync sync` is a no-op under native_osx, so a flush waits for the files themselves
//    (content-check.ts): what a user waits for, not the Ruby CLI's start-up.
//  - `start` asks to update itself and exits 1 without a terminal when a newer gem is out:
//    DOCKER_SYNC_SKIP_UPDATE / DOCKER_SYNC_SKIP_UPGRADE turn both checks off.
// On native_osx the volume, named after the sync, is created first with Mountbench's labels so a
// crashed run's volume is found by label; the native strategy must create it itself (with its
// bind options), so it is left to docker-sync there.
import { writeFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type Dockerode from 'dockerode';
import { MOUNTBENCH_LABEL, MOUNTBENCH_LABEL_VALUE } from '../../shared/ids';
import { hostFacts } from '../vocab/host-facts';
import { currentOwner, OWNER_LABEL } from '../vocab/run-owner';
import { waitForSameContent, type Agreement, type RunInContainer } from './content-check';
import { COMMAND_TIMEOUT_MS, FLUSH_TIMEOUT_MS, type SyncSession } from './sync-session';
import { runTool } from './tool-command';

export const DOCKER_SYNC_FILE = 'docker-sync.yml';

/** null: leave `sync_strategy` out and let docker-sync choose its default. */
export type DockerSyncStrategy = 'native_osx' | null;

/** YAML strings in single quotes: only `'` itself needs escaping (doubled). */
function quoted(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

export function dockerSyncYaml(
  syncName: string,
  hostRoot: string,
  strategy: DockerSyncStrategy = 'native_osx',
): string {
  if (!/^[a-zA-Z0-9][a-zA-Z0-9_.-]*$/.test(syncName)) throw new Error(`bad docker-sync name: ${syncName}`);
  return [
    '# Written by Mountbench for one benchmark run; removed when the run ends.',
    'version: "2"',
    'syncs:',
    `  ${syncName}:`,
    `    src: ${quoted(hostRoot)}`,
    ...(strategy ? [`    sync_strategy: '${strategy}'`] : []),
    "    sync_userid: '0'",
    '    sync_excludes: []',
    '',
  ].join('\n');
}

/** native_osx on macOS, as docker-sync's own default there with Docker Desktop; its default elsewhere. */
export async function dockerSyncStrategy(env: NodeJS.ProcessEnv): Promise<DockerSyncStrategy> {
  return (await hostFacts(env)).platform === 'darwin' ? 'native_osx' : null;
}

/** The run's environment with docker-sync's update and upgrade prompts off. */
export function dockerSyncEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...env, DOCKER_SYNC_SKIP_UPDATE: '1', DOCKER_SYNC_SKIP_UPGRADE: '1' };
}

export async function prepareDockerSyncVolume(
  docker: Dockerode,
  volumeName: string,
  runId: string,
  signal: AbortSignal,
): Promise<void> {
  await docker.createVolume({
    Name: volumeName,
    Labels: {
      [MOUNTBENCH_LABEL]: MOUNTBENCH_LABEL_VALUE,
      'mountbench.run': runId,
      [OWNER_LABEL]: currentOwner(),
    },
    abortSignal: signal,
  } as Dockerode.VolumeCreateOptions);
}

export async function removeDockerSyncVolume(docker: Dockerode, volumeName: string): Promise<void> {
  await docker
    .getVolume(volumeName)
    .remove()
    .catch((err: { statusCode?: number; message: string }) => {
      if (err.statusCode !== 404) throw new Error(`volume ${volumeName}: ${err.message}`);
    });
}

export interface DockerSyncSessionOptions {
  docker: Dockerode;
  runId: string;
  executable: string;
  env: NodeJS.ProcessEnv;
  syncName: string;
  hostRoot: string;
  /** Where docker-sync.yml is written and docker-sync runs (it keeps its pid files there). */
  workDir: string;
  /** Where the bench container sees the synced volume, and how to list it once the container runs. */
  containerRoot: string;
  inContainer: () => RunInContainer;
  signal: AbortSignal;
}

/** Stops the sync of a docker-sync.yml folder and removes its containers and volume. */
export async function cleanDockerSync(
  executable: string,
  env: NodeJS.ProcessEnv,
  workDir: string,
): Promise<void> {
  await runTool({
    executable,
    env: dockerSyncEnv(env),
    cwd: workDir,
    args: ['clean'],
    timeoutMs: COMMAND_TIMEOUT_MS,
  });
}

export async function createDockerSyncSession(o: DockerSyncSessionOptions): Promise<SyncSession> {
  const strategy = await dockerSyncStrategy(o.env);
  if (strategy === 'native_osx') await prepareDockerSyncVolume(o.docker, o.syncName, o.runId, o.signal);
  const file = join(o.workDir, DOCKER_SYNC_FILE);
  await writeFile(`${file}.tmp`, dockerSyncYaml(o.syncName, o.hostRoot, strategy));
  await rename(`${file}.tmp`, file);
  let cleaned = false;
  /** Both sides' stamps at the last flush: the next one knows what the container rewrote since. */
  let since: Agreement | undefined;
  const session: SyncSession = {
    tool: 'docker-sync',
    // Timed to the listing that agreed: checksums taken to confirm it are not the tool's time.
    async flush(signal) {
      const began = performance.now();
      const agreed = await waitForSameContent({
        hostRoot: o.hostRoot,
        containerRoot: o.containerRoot,
        run: o.inContainer(),
        signal,
        timeoutMs: FLUSH_TIMEOUT_MS,
        tool: 'docker-sync',
        since,
      });
      since = agreed.agreement;
      return Math.max(0, agreed.observedAt - began) / 1000;
    },
    async terminate() {
      if (cleaned) return;
      cleaned = true;
      await cleanDockerSync(o.executable, o.env, o.workDir);
    },
  };
  try {
    await runTool({
      executable: o.executable,
      env: dockerSyncEnv(o.env),
      cwd: o.workDir,
      args: ['start'],
      signal: o.signal,
      timeoutMs: COMMAND_TIMEOUT_MS,
    });
  } catch (err) {
    await session.terminate().catch(() => undefined);
    throw err;
  }
  return session;
}
