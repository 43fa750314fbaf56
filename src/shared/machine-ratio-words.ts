// A machine-against-machine ratio in words, the same for the CLI's compare, the Markdown table and
// the dashboard's Compare view: "Apple M1 Pro: Docker Desktop · VirtioFS · bind, small-file-read
// in 0.14 × (0.13 … 0.15) the Intel Core i7 time".
import type { MachineRatio } from './comparison';
import { formatRatioInterval } from './format-ratio';
import { printable } from './printable';

function figure(x: number): string {
  return x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2);
}

/** "Apple M1 Pro: VirtioFS bind, small-file-read in 0.14 × (0.13 … 0.15) the Intel time". */
export function machineRatioWords(
  r: MachineRatio,
  names: { machine: string; reference: string } = { machine: r.machine.short, reference: r.reference.short },
): string {
  const times = r.interval ? formatRatioInterval({ ratio: r.ratio, ...r.interval }) : `${figure(r.ratio)} ×`;
  const how =
    r.basis === 'means-only'
      ? ' (a ratio of means: no interval, a side gives no spread)'
      : r.basis === 'mean-sd-runs'
        ? ' (interval from the published mean, σ and runs)'
        : '';
  return `${printable(names.machine)}: ${printable(r.backendLabel)}, ${r.workloadKey} in ${times} the ${printable(names.reference)} time${how}`;
}
