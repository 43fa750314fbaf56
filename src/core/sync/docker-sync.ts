// Drives docker-sync's documented CLI: a docker-sync.yml (version "2", one sync) written in the
// backend's work folder, `docker-sync start` to begin, `docker-sync sync` to force a cycle and
// `docker-sync clean` to stop it and remove its containers and volume. The volume, named after the
// sync, is created first with Mountbench's labels so a crashed run's volume is found by label.
import { writeFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type Dockerode from 'dockerode';
import { MOUNTBENCH_LABEL, MOUNTBENCH_LABEL_VALUE } from '../../shared/ids';
import { currentOwner, OWNER_LABEL } from '../engines/run-owner';
import { COMMAND_TIMEOUT_MS, FLUSH_TIMEOUT_MS, timed, type SyncSession } from './sync-session';
import { runTool } from './tool-command';

export const DOCKER_SYNC_FILE = 'docker-sync.yml';

/** YAML strings in single quotes: only `'` itself needs escaping (doubled). */
function quoted(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

export function dockerSyncYaml(syncName: string, hostRoot: string): string {
  if (!/^[a-zA-Z0-9][a-zA-Z0-9_.-]*$/.test(syncName)) throw new Error(`bad docker-sync name: ${syncName}`);
  return [
    '# Written by Mountbench for one benchmark run; removed when the run ends.',
    'version: "2"',
    'syncs:',
    `  ${syncName}:`,
    `    src: ${quoted(hostRoot)}`,
    // native_osx is docker-sync's default on macOS: unison inside a sidecar container.
    "    sync_strategy: 'native_osx'",
    "    sync_userid: '0'",
    '    sync_excludes: []',
    '',
  ].join('\n');
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
  executable: string;
  env: NodeJS.ProcessEnv;
  syncName: string;
  hostRoot: string;
  /** Where docker-sync.yml is written and docker-sync runs (it keeps its pid files there). */
  workDir: string;
  signal: AbortSignal;
}

/** Stops the sync of a docker-sync.yml folder and removes its containers and volume. */
export async function cleanDockerSync(
  executable: string,
  env: NodeJS.ProcessEnv,
  workDir: string,
): Promise<void> {
  await runTool({ executable, env, cwd: workDir, args: ['clean'], timeoutMs: COMMAND_TIMEOUT_MS });
}

export async function createDockerSyncSession(o: DockerSyncSessionOptions): Promise<SyncSession> {
  const file = join(o.workDir, DOCKER_SYNC_FILE);
  await writeFile(`${file}.tmp`, dockerSyncYaml(o.syncName, o.hostRoot));
  await rename(`${file}.tmp`, file);
  const tool = { executable: o.executable, env: o.env, cwd: o.workDir };
  let cleaned = false;
  const session: SyncSession = {
    tool: 'docker-sync',
    flush: (signal) => timed(() => runTool({ ...tool, args: ['sync'], signal, timeoutMs: FLUSH_TIMEOUT_MS })),
    async terminate() {
      if (cleaned) return;
      cleaned = true;
      await cleanDockerSync(o.executable, o.env, o.workDir);
    },
  };
  try {
    await runTool({ ...tool, args: ['start'], signal: o.signal, timeoutMs: COMMAND_TIMEOUT_MS });
  } catch (err) {
    await session.terminate().catch(() => undefined);
    throw err;
  }
  return session;
}
