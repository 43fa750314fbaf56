// Human words for the machine and engine facts the core reports.
import { PROVIDER_IDS, type ProviderId } from '../../../shared/ids';
import { PRODUCT_WORDS } from '../../../shared/product-words';
import type { MachineInfo } from '../../../shared/result-schema';

import { formatBytes } from '../../../shared/size-format';

export { formatBytes };

/** "Apple silicon (arm64)" on any arm64 Mac, Rosetta or not: the hardware is what matters here. */
export function architectureWords(machine: MachineInfo): string {
  if (machine.os.platform === 'darwin' && machine.arch === 'arm64') return 'Apple silicon (arm64)';
  if (machine.os.platform === 'darwin') return `Intel (${machine.arch})`;
  return machine.arch;
}

/** Said only when it is true: the app itself runs translated, the measurements are not. */
export function rosettaNote(machine: MachineInfo): string | null {
  return machine.rosetta
    ? `Mountbench runs as ${machine.processArch} under Rosetta; the hardware is ${machine.arch}.`
    : null;
}

export function osWords(machine: MachineInfo): string {
  const { name, version } = machine.os;
  return name.includes(version) ? name : `${name} ${version}`;
}

/** One line for headers and screenshots: "Apple M1 Pro · Apple silicon (arm64) · 10 cores · 32 GiB · macOS 14.5". */
export function machineLine(machine: MachineInfo): string {
  return [
    machine.label,
    machine.chip,
    architectureWords(machine),
    `${machine.cores} cores`,
    formatBytes(machine.memoryBytes),
    osWords(machine),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** Each product's name, from the one table of product words (src/shared/product-words.ts). */
export const PRODUCT_NAMES: Record<ProviderId, string> = Object.fromEntries(
  PROVIDER_IDS.map((id) => [id, PRODUCT_WORDS[id].name]),
) as Record<ProviderId, string>;

/** What to start when no engine answers, in the products' own terms. */
export const ENGINE_START_HINTS: { product: string; how: string; command?: string }[] = PROVIDER_IDS.flatMap(
  (id) => {
    const { name, startHint } = PRODUCT_WORDS[id];
    return startHint ? [{ product: name, ...startHint }] : [];
  },
);
