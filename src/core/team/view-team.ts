// `team.view(folder)`: a dataset folder (the clone `team pull` keeps, or any folder holding the
// layout) read like an import and analysed. The folder arrives from the page, so it is checked
// first: an absolute path that exists and is a folder, links resolved. Reading it never writes to
// it. With a view cache, a dataset unchanged since its view was saved (here or by `team pull`)
// opens from that view, and "machines like yours" is worked out again for this machine.
import type { MachineInfo } from '../../shared/result-schema';
import type { TeamView } from '../../shared/team-view';
import { checkProjectFolder } from '../project/project-folder';
import { analyzeTeam, viewAnalysis } from './analyze-team';
import { readDataset, type ReadDatasetOptions } from './read-dataset';
import { fingerprintOrNull, readSavedView, saveDatasetView, type ViewCacheLocation } from './view-cache';

export interface ViewTeamOptions extends ReadDatasetOptions {
  /** This machine, for "machines like yours"; its product is the one its newest own run used. */
  here?: { machine: MachineInfo; provider: string | null };
  /** Where finished views are saved and read first; without it every view reads every file. */
  viewCache?: ViewCacheLocation;
}

export async function viewTeam(folder: string, options: ViewTeamOptions = {}): Promise<TeamView> {
  const real = await checkProjectFolder(folder);
  const { here, viewCache, ...read } = options;
  const you = here ?? null;
  if (viewCache === undefined) {
    const dataset = await readDataset(real, read);
    return { folder: real, analysis: analyzeTeam(dataset.runs, you), refused: dataset.refused };
  }
  const fingerprint = await fingerprintOrNull(real, read);
  const saved = fingerprint === null ? null : await readSavedView(viewCache, real, fingerprint);
  if (saved !== null) return { folder: real, analysis: viewAnalysis(saved, you), refused: saved.refused };
  const dataset = await readDataset(real, read);
  const shared = await saveDatasetView(viewCache, real, fingerprint, dataset);
  return { folder: real, analysis: viewAnalysis(shared, you), refused: dataset.refused };
}
