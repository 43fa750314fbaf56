// `team.view(folder)`: a dataset folder (the clone `team pull` keeps, or any folder holding the
// layout) read like an import and analysed. The folder arrives from the page, so it is checked
// first: an absolute path that exists and is a folder, links resolved. Reading it never writes.
import type { MachineInfo } from '../../shared/result-schema';
import type { TeamView } from '../../shared/team-view';
import { checkProjectFolder } from '../project/project-folder';
import { analyzeTeam } from './analyze-team';
import { readDataset, type ReadDatasetOptions } from './read-dataset';

export interface ViewTeamOptions extends ReadDatasetOptions {
  /** This machine, for "machines like yours"; its product is the one its newest own run used. */
  here?: { machine: MachineInfo; provider: string | null };
}

export async function viewTeam(folder: string, options: ViewTeamOptions = {}): Promise<TeamView> {
  const real = await checkProjectFolder(folder);
  const { here, ...read } = options;
  const dataset = await readDataset(real, read);
  return {
    folder: real,
    analysis: analyzeTeam(dataset.runs, here ?? null),
    refused: dataset.refused,
  };
}
