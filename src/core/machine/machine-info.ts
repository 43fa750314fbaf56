// What a result file records about the machine: chip, hardware arch (Apple silicon even under
// Rosetta), cores, memory, OS. Never the hostname: result files are shared with colleagues.
import type { MachineInfo } from '../../shared/result-schema';
import { buildMachineInfo } from './build-machine-info';
import { gatherMachineFacts } from './gather-facts';

export async function getMachineInfo(): Promise<MachineInfo> {
  return buildMachineInfo(await gatherMachineFacts());
}
