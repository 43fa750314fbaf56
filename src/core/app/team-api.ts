// The dashboard's side of the team dataset: Publish's preview and send, and the Team page's pull,
// over the runs stored in this data folder. The page is untrusted: runs are named by id (read
// from the results folder, never from a path the page gives), and the dataset must be a URL or an
// absolute folder (a relative one would mean wherever `serve` happened to start).
import path from 'node:path';
import type { MountbenchApi } from '../../shared/api';
import { MountbenchError } from '../../shared/errors';
import type { RunFile } from '../../shared/result-schema';
import { checkLabel } from '../team/check-label';
import { previewPublish, publish } from '../team/publish';
import { pull } from '../team/pull';

export interface TeamApiOptions {
  dataDir: string;
  cacheDir: string;
  runFile(runId: string): Promise<RunFile>;
}

function checkDataset(address: string): string {
  const text = address.trim();
  const urlLike = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) || /^[A-Za-z0-9._-]+@[A-Za-z0-9.-]+:/.test(text);
  if (!urlLike && !path.isAbsolute(text))
    throw new MountbenchError(
      'BAD_INPUT',
      `"${text}" is neither a git URL nor an absolute folder; give the whole path (e.g. /Volumes/team/mountbench)`,
    );
  return text;
}

export function createTeamApi(options: TeamApiOptions): Omit<MountbenchApi['team'], 'view'> {
  const runs = (ids: string[]) => Promise.all(ids.map(options.runFile));
  return {
    async publishPreview(request) {
      return previewPublish({
        runs: await runs(request.runIds),
        label: checkLabel(request.label),
        dataDirectory: options.dataDir,
      });
    },
    async publish(request) {
      return publish({
        runs: await runs(request.runIds),
        label: checkLabel(request.label),
        dataDirectory: options.dataDir,
        cacheDirectory: options.cacheDir,
        to: checkDataset(request.to),
        ...(request.branch !== null ? { branch: request.branch } : {}),
      });
    },
    async pull(request) {
      const outcome = await pull({
        from: checkDataset(request.from),
        ...(request.branch !== null ? { branch: request.branch } : {}),
        cacheDirectory: options.cacheDir,
        viewCache: { dataDir: options.dataDir, cacheDir: options.cacheDir },
      });
      // The clone's place in the cache is this machine's path: the page has no use for it.
      return {
        dataset: outcome.dataset,
        branch: outcome.branch,
        commit: outcome.commit,
        machines: outcome.machines,
        runs: outcome.runs,
        refused: outcome.refused,
      };
    },
  };
}
