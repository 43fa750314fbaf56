// Removes what runs whose process died left behind: mutagen sessions, docker-sync syncs and
// Compose watches, bench containers and volumes on the engine, FUSE mounts and fixture folders on
// the host. Runs whose owner is alive are left alone.
import { access, chmod, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { makeDirs } from '../fs/make-dirs';
import { readRegularFile } from '../fs/read-regular-file';
import type Dockerode from 'dockerode';
import { MOUNTBENCH_LABEL, MOUNTBENCH_LABEL_VALUE } from '../../shared/ids';
import { fuseMountsUnder, unmountFuse } from '../providers/fuse-share';
import { findExecutable } from '../vocab/find-executable';
import { stopLeftoverComposeWatch } from '../sync/compose-watch';
import { cleanDockerSync, DOCKER_SYNC_FILE } from '../sync/docker-sync';
import { listMutagenSessions, terminateMutagenSession } from '../sync/mutagen';
import { ownerFromLabelValue } from '../vocab/sync-labels';
import { currentOwner, OWNER_LABEL, ownerIsAlive } from '../vocab/run-owner';

export interface LeftoverReport {
  containers: string[];
  volumes: string[];
  folders: string[];
  /** mutagen sessions (by name), docker-sync folders and compose watches ended. */
  syncs: string[];
  problems: string[];
}

const OWNER_FILE = 'owner';

/**
 * Marks a run's work folder with its owner before anything is laid in it. The folder and the
 * `runs` folder above it are the user's alone (0700): a copied project keeps its files' own modes
 * (a `.env` at 0644), and the bind mounts need them, so the folders are what keeps other users out.
 */
export async function claimRunDir(dir: string): Promise<void> {
  const runs = dirname(dir);
  await makeDirs(runs, 0o700);
  await chmod(runs, 0o700);
  await makeDirs(dir, 0o700);
  await chmod(dir, 0o700);
  await writeFile(join(dir, OWNER_FILE), currentOwner(), { mode: 0o600 });
}

/**
 * Other Mountbench processes measuring from this cache folder right now (their run folders' live
 * owners): two benchmarks at once share the disk and the CPU, and each makes the other's figures
 * slower than the machine alone would give. Bounded: a runs folder holds a few entries.
 */
export async function otherLiveRuns(cacheDir: string, runId: string): Promise<string[]> {
  const runsDir = join(cacheDir, 'runs');
  const me = currentOwner();
  const found: string[] = [];
  for (const entry of (await readdir(runsDir).catch(() => [] as string[])).slice(0, 1000)) {
    if (entry === runId) continue;
    const owner = await readRegularFile(join(runsDir, entry, OWNER_FILE), { maxBytes: 1024, noFollow: true })
      .then((bytes) => bytes.toString('utf8').trim())
      .catch(() => undefined);
    if (owner && owner !== me && ownerIsAlive(owner)) found.push(owner);
  }
  return found;
}

async function deadRunDirs(cacheDir: string): Promise<string[]> {
  const runsDir = join(cacheDir, 'runs');
  const dead: string[] = [];
  for (const entry of await readdir(runsDir).catch(() => [] as string[])) {
    const dir = join(runsDir, entry);
    const owner = await readFile(join(dir, OWNER_FILE), 'utf8').catch(() => undefined);
    if (!ownerIsAlive(owner?.trim())) dead.push(dir);
  }
  return dead;
}

/** Sessions labelled by Mountbench whose owner process is gone, ended by label. */
async function endMutagenSessions(env: NodeJS.ProcessEnv, report: LeftoverReport): Promise<void> {
  const executable = await findExecutable('mutagen', env);
  if (!executable) return;
  const tool = { executable, env };
  try {
    for (const session of await listMutagenSessions(tool, `${MOUNTBENCH_LABEL}=${MOUNTBENCH_LABEL_VALUE}`)) {
      if (ownerIsAlive(ownerFromLabelValue(session.labels[OWNER_LABEL]))) continue;
      await terminateMutagenSession(tool, session.identifier)
        .then(() => report.syncs.push(`mutagen session ${session.name || session.identifier}`))
        .catch((err: Error) => report.problems.push(`mutagen session ${session.identifier}: ${err.message}`));
    }
  } catch (err) {
    report.problems.push(`mutagen: ${(err as Error).message}`);
  }
}

/** A crashed run's `docker compose watch` outlives it: stop the one each backend folder names. */
async function stopComposeWatches(dir: string, report: LeftoverReport): Promise<void> {
  for (const entry of await readdir(dir).catch(() => [] as string[])) {
    const stopped = await stopLeftoverComposeWatch(join(dir, entry)).catch((err: Error) => {
      report.problems.push(`compose watch in ${join(dir, entry)}: ${err.message}`);
      return null;
    });
    if (stopped) report.syncs.push(stopped);
  }
}

/** docker-sync keeps its state beside docker-sync.yml: clean every one in a dead run's folder. */
async function cleanDockerSyncs(dir: string, env: NodeJS.ProcessEnv, report: LeftoverReport): Promise<void> {
  for (const entry of await readdir(dir).catch(() => [] as string[])) {
    const folder = join(dir, entry);
    if (
      !(await access(join(folder, DOCKER_SYNC_FILE)).then(
        () => true,
        () => false,
      ))
    )
      continue;
    const executable = await findExecutable('docker-sync', env);
    if (!executable) {
      report.problems.push(`${folder}: docker-sync is no longer on PATH to stop its sync`);
      continue;
    }
    await cleanDockerSync(executable, env, folder)
      .then(() => report.syncs.push(`docker-sync in ${folder}`))
      .catch((err: Error) => report.problems.push(`docker-sync in ${folder}: ${err.message}`));
  }
}

export interface LeftoverOptions {
  /**
   * When to ask mutagen for sessions of dead runs. Asking starts mutagen's daemon if it is not
   * running, so the automatic clean-up at every start (`after-crash`) asks only when a dead run left
   * its folder, which a crashed run always does (a run removes its folder after ending its session).
   * `mountbench cleanup` asks `always`.
   */
  askMutagen?: 'always' | 'after-crash';
  /** Cancels the engine calls (each also has its own deadline, see engine-deadlines.ts). */
  signal?: AbortSignal;
}

/**
 * Whether a removal failed only because something else removed it first: another Mountbench's
 * clean-up (each start cleans up after dead runs) listed the same leftovers. The engine answers
 * 404 once it is gone, and 409 "removal … is already in progress" while the other removal runs. A
 * volume still in use (409 of another kind) is a problem.
 */
export function removedMeanwhile(err: unknown): boolean {
  const { statusCode, message } = (err ?? {}) as { statusCode?: unknown; message?: unknown };
  if (statusCode === 404) return true;
  return statusCode === 409 && typeof message === 'string' && /already in progress/i.test(message);
}

export async function removeLeftovers(
  docker: Dockerode | null,
  cacheDir: string,
  env: NodeJS.ProcessEnv = process.env,
  options: LeftoverOptions = {},
): Promise<LeftoverReport> {
  const report: LeftoverReport = { containers: [], volumes: [], folders: [], syncs: [], problems: [] };
  const dead = await deadRunDirs(cacheDir);
  // Syncs first: their agents and sidecars hold the containers and volumes removed below.
  if ((options.askMutagen ?? 'always') === 'always' || dead.length > 0) await endMutagenSessions(env, report);
  for (const dir of dead) await cleanDockerSyncs(dir, env, report);
  for (const dir of dead) await stopComposeWatches(dir, report);
  if (docker) {
    const filters = { label: [`${MOUNTBENCH_LABEL}=${MOUNTBENCH_LABEL_VALUE}`] };
    const abortSignal = options.signal;
    try {
      for (const info of await docker.listContainers({ all: true, filters, abortSignal } as object)) {
        if (ownerIsAlive(info.Labels[OWNER_LABEL])) continue;
        await docker
          .getContainer(info.Id)
          .remove({ force: true, v: true, abortSignal } as object)
          .then(() => report.containers.push(info.Names[0]?.replace(/^\//, '') ?? info.Id))
          .catch((err: Error) => {
            if (!removedMeanwhile(err)) report.problems.push(`container ${info.Id}: ${err.message}`);
          });
      }
      for (const volume of (await docker.listVolumes({ filters, abortSignal } as object)).Volumes ?? []) {
        if (ownerIsAlive(volume.Labels?.[OWNER_LABEL])) continue;
        await docker
          .getVolume(volume.Name)
          .remove({ abortSignal } as object)
          .then(() => report.volumes.push(volume.Name))
          .catch((err: Error) => {
            if (!removedMeanwhile(err)) report.problems.push(`volume ${volume.Name}: ${err.message}`);
          });
      }
    } catch (err) {
      report.problems.push(`engine: ${(err as Error).message}`);
    }
  }
  for (const dir of dead) {
    try {
      for (const mount of await fuseMountsUnder(dir)) await unmountFuse(mount);
      await rm(dir, { recursive: true, force: true });
      report.folders.push(dir);
    } catch (err) {
      report.problems.push(`${dir}: ${(err as Error).message}`);
    }
  }
  return report;
}
