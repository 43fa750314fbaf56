// Drives mutagen's documented CLI: one two-way session from the run's host folder into the bench
// container (`docker://<container>/<path>`), labelled so a crashed run's sessions can be found by
// label selector. two-way-resolved: the host wins a conflict, as a developer's editor would.
import { COMMAND_TIMEOUT_MS, FLUSH_TIMEOUT_MS, timed, type SyncSession } from './sync-session';
import { syncLabels } from '../vocab/sync-labels';
import { runTool } from './tool-command';

export interface MutagenTool {
  executable: string;
  /** The run's environment, with DOCKER_HOST naming the engine the bench container runs on. */
  env: NodeJS.ProcessEnv;
}

export interface MutagenSessionOptions extends MutagenTool {
  name: string;
  runId: string;
  /** Absolute host folder (alpha). */
  hostRoot: string;
  container: string;
  /** Absolute path inside the container (beta). */
  containerPath: string;
  signal: AbortSignal;
}

export interface MutagenSessionInfo {
  identifier: string;
  name: string;
  labels: Record<string, string>;
}

export function mutagenCreateArgs(
  o: Pick<MutagenSessionOptions, 'name' | 'runId' | 'hostRoot' | 'container' | 'containerPath'>,
): string[] {
  if (!o.containerPath.startsWith('/'))
    throw new Error(`mutagen needs an absolute container path, not ${o.containerPath}`);
  const labels = Object.entries(syncLabels(o.runId)).flatMap(([k, v]) => ['--label', `${k}=${v}`]);
  return [
    'sync',
    'create',
    o.hostRoot,
    `docker://${o.container}${o.containerPath}`,
    '--name',
    o.name,
    ...labels,
    '--sync-mode',
    'two-way-resolved',
    // The user's ~/.mutagen.yml (ignores, modes) must not change what is measured.
    '--no-global-configuration',
  ];
}

/** `sync list --template '{{ json . }}'` prints the sessions as a JSON array (`[]` when none; `null` is read as none too). */
export function parseMutagenList(stdout: string): MutagenSessionInfo[] {
  const text = stdout.trim();
  if (!text || text === 'null') return [];
  const parsed: unknown = JSON.parse(text);
  if (!Array.isArray(parsed)) throw new Error('mutagen sync list did not print a JSON array');
  return parsed.flatMap((s: unknown) => {
    if (!s || typeof s !== 'object') return [];
    const { identifier, name, labels } = s as Record<string, unknown>;
    if (typeof identifier !== 'string') return [];
    return [
      {
        identifier,
        name: typeof name === 'string' ? name : '',
        labels: labels && typeof labels === 'object' ? (labels as Record<string, string>) : {},
      },
    ];
  });
}

export async function listMutagenSessions(
  tool: MutagenTool,
  labelSelector: string,
): Promise<MutagenSessionInfo[]> {
  const { stdout } = await runTool({
    ...tool,
    args: ['sync', 'list', '--label-selector', labelSelector, '--template', '{{ json . }}'],
    timeoutMs: COMMAND_TIMEOUT_MS,
  });
  return parseMutagenList(stdout);
}

export async function terminateMutagenSession(tool: MutagenTool, nameOrId: string): Promise<void> {
  await runTool({ ...tool, args: ['sync', 'terminate', nameOrId], timeoutMs: COMMAND_TIMEOUT_MS });
}

export async function createMutagenSession(o: MutagenSessionOptions): Promise<SyncSession> {
  const tool = { executable: o.executable, env: o.env };
  // `sync create` starts the daemon by itself too; starting it first keeps its start-up time out of
  // the create call, and a failure here is left for `sync create` to explain in its own words.
  await runTool({
    ...tool,
    args: ['daemon', 'start'],
    signal: o.signal,
    timeoutMs: COMMAND_TIMEOUT_MS,
  }).catch((err: unknown) => {
    if (o.signal.aborted) throw err;
  });
  let created = false;
  let terminated = false;
  const session: SyncSession = {
    tool: 'mutagen',
    flush: (signal) =>
      timed(() => runTool({ ...tool, args: ['sync', 'flush', o.name], signal, timeoutMs: FLUSH_TIMEOUT_MS })),
    async terminate() {
      if (terminated) return;
      terminated = true;
      // A create that never answered may still have made the session: look it up by run label.
      const left = created
        ? [{ identifier: o.name }]
        : (await listMutagenSessions(tool, `mountbench.run=${o.runId}`)).filter((s) => s.name === o.name);
      for (const s of left) await terminateMutagenSession(tool, s.identifier);
    },
  };
  try {
    await runTool({ ...tool, args: mutagenCreateArgs(o), signal: o.signal, timeoutMs: COMMAND_TIMEOUT_MS });
    created = true;
  } catch (err) {
    await session.terminate().catch(() => undefined);
    throw err;
  }
  return session;
}
