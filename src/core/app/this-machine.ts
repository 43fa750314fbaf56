// The machine a front door runs on, as every result made here records it: chip, cores, memory,
// OS, and the label the user gave it. One door for the app, `serve` and the CLI, so a run, an
// import and a listing's "this machine" are read alike.
import type { MachineInfo } from '../../shared/result-schema';
import { getMachineInfo } from '../machine';

export function thisMachine(): Promise<MachineInfo> {
  return getMachineInfo();
}
