// One run of a team's dataset: the agreed shape readDataset (read-dataset.ts) returns, the
// analysis takes. The machine id is the dataset's folder name, a random id the machine chose.
import type { RunFile } from '../../shared/result-schema';

export interface TeamRun {
  machineId: string;
  /** The file's path inside the dataset, for messages. */
  file: string;
  run: RunFile;
}
