// One synchronized file share for a run, journaled like a settings change: the journal names the
// share (by the run's label and Docker Desktop's API socket) before it is created, so a crash at any
// point leaves a record `mountbench restore` removes it by. Ours are found by label, never by path:
// a share the user made for the same folder is left alone.
import { z } from 'zod';
import { MountbenchError } from '../../../shared/errors';
import { MOUNTBENCH_LABEL, MOUNTBENCH_LABEL_VALUE } from '../../../shared/ids';
import type { JournalHandle, ProviderOriginals } from '../../journal';
import { RUN_LABEL } from '../../vocab/sync-labels';
import { waitUntil } from '../wait-until';
import { FileSharesClient, shareState, type FileShare } from './file-shares-client';

export const FILE_SHARE_OWNER = 'docker-desktop-file-shares';
/** The initial copy of a large fixture through Docker Desktop takes minutes, as mutagen's does. */
export const SHARE_READY_TIMEOUT_MS = 10 * 60_000;

const recordSchema = z.strictObject({
  socketPath: z.string().startsWith('/').max(4096),
  runId: z.string().min(1).max(200),
  hostPath: z.string().max(4096),
});
type ShareRecord = z.infer<typeof recordSchema>;

export function shareLabels(runId: string): Record<string, string> {
  return { [MOUNTBENCH_LABEL]: MOUNTBENCH_LABEL_VALUE, [RUN_LABEL]: runId };
}

function isOurs(share: FileShare, runId: string): boolean {
  return share.labels[MOUNTBENCH_LABEL] === MOUNTBENCH_LABEL_VALUE && share.labels[RUN_LABEL] === runId;
}

export interface StartedFileShare {
  share: FileShare;
  /** Seconds from create until Docker Desktop said `watching`: the initial sync. */
  initialSyncSeconds: number;
  /** Removes the share (journaled); safe to call twice. */
  remove(): Promise<void>;
}

export interface StartFileShareOptions {
  client: FileSharesClient;
  journal: JournalHandle;
  hostPath: string;
  runId: string;
  signal?: AbortSignal;
  timeoutMs?: number;
  intervalMs?: number;
  onProgress?(message: string): void;
}

export async function startFileShare(o: StartFileShareOptions): Promise<StartedFileShare> {
  const record: ShareRecord = { socketPath: o.client.socketPath, runId: o.runId, hostPath: o.hostPath };
  await o.journal.recordState(FILE_SHARE_OWNER, `share ${o.runId}`, record);
  await o.journal.step(FILE_SHARE_OWNER, 'apply', 'create file share', o.hostPath);
  let removed = false;
  const remove = async () => {
    if (removed) return;
    await o.journal.step(FILE_SHARE_OWNER, 'restore', 'remove file share', o.hostPath);
    await removeSharesOfRun(o.client, o.runId);
    removed = true;
  };
  const began = performance.now();
  try {
    const id = await o.client.create(o.hostPath, shareLabels(o.runId), o.signal);
    await o.journal.step(FILE_SHARE_OWNER, 'apply', 'wait for file share', id);
    let share: FileShare | null = null;
    await waitUntil(
      `the synchronized file share of ${o.hostPath}`,
      async () => {
        share = (await o.client.list(o.signal)).find((s) => s.id === id) ?? null;
        if (!share) return { done: false, status: 'not listed yet' };
        const state = shareState(share.status);
        const progress =
          share.totalBytes !== null && share.receivedBytes !== null
            ? ` (${share.receivedBytes} of ${share.totalBytes} bytes)`
            : '';
        return {
          done: state === 'ready',
          status: `${share.status}${progress}`,
          ...(state === 'failed' ? { failed: `Docker Desktop reports ${share.status}` } : {}),
        };
      },
      {
        timeoutMs: o.timeoutMs ?? SHARE_READY_TIMEOUT_MS,
        intervalMs: o.intervalMs ?? 250,
        signal: o.signal,
        onProgress: o.onProgress,
      },
    );
    const initialSyncSeconds = (performance.now() - began) / 1000;
    if (!share) throw new MountbenchError('INTERNAL', 'the file share vanished after it was watching');
    return { share, initialSyncSeconds, remove };
  } catch (err) {
    // A create that failed half-way may still have made the share: remove ours by label.
    await remove().catch(() => undefined);
    throw err;
  }
}

/** Deletes every share labelled as this run's; what is already gone is not listed, so it repeats safely. */
export async function removeSharesOfRun(client: FileSharesClient, runId: string): Promise<void> {
  for (const share of (await client.list()).filter((s) => isOurs(s, runId))) await client.delete(share.id);
}

/**
 * The restorer for FILE_SHARE_OWNER: removes the shares a crashed run left. A journal is untrusted:
 * each record must have the shape startFileShare wrote, and only shares labelled with its run go.
 */
export async function restoreFileShares(originals: ProviderOriginals): Promise<void> {
  for (const [key, value] of Object.entries(originals.state)) {
    const checked = recordSchema.safeParse(value);
    if (!checked.success || key !== `share ${checked.data.runId}`)
      throw new MountbenchError(
        'FILE_INVALID',
        `the journal's file-share record ${key} is not one Mountbench wrote`,
      );
    await removeSharesOfRun(new FileSharesClient(checked.data.socketPath), checked.data.runId);
  }
}
