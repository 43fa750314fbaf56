// A workload's fixture size in a few words ("5,000 files × 5 KiB"), from the parameters the core
// lists for each size. Unknown workloads fall back to their raw parameters.
import type { WorkloadInfo } from '../../../shared/api';
import { formatBytes } from './machine-words';

type Params = WorkloadInfo['sizes']['default'];

const count = (n: unknown) => (typeof n === 'number' ? n.toLocaleString('en-US') : String(n));
const bytes = (n: unknown) => (typeof n === 'number' ? formatBytes(n) : String(n));
/** Decimal megabytes where the workload is defined in them (1,000,000-byte blocks, "500 MB"). */
const megabytes = (n: number) => `${n >= 1e8 ? Math.round(n / 1e6) : Number((n / 1e6).toPrecision(2))} MB`;

export function sizeWords(workloadId: string, p: Params): string {
  switch (workloadId) {
    case 'small-file-read':
      return `${count(p.files)} files × ${bytes(p.fileBytes)}`;
    case 'dd-write':
      return `${count(p.count)} blocks × ${bytes(p.blockBytes)}`;
    case 'large-write':
      return `${count(p.files)} files × ${megabytes(Number(p.blockBytes) * Number(p.blocksPerFile))}`;
    case 'buffered-read':
      return `one ${bytes(p.fileBytes)} file, read 128 B and 1 KiB at a time`;
    case 'site-build':
      return `${count(p.pages)} pages + ${count(p.assets)} assets (${megabytes(Number(p.pages) * Number(p.pageBytes) + Number(p.assets) * Number(p.assetBytes))})`;
    case 'metadata-walk':
      return `a tree ${count(p.depth)} deep, ${count(p.branching)} wide, + ${count(p.missing)} missing names`;
    case 'sync-latency':
      return `${count(p.edits)} edits`;
    default:
      return Object.entries(p)
        .map(([k, v]) => `${k} ${count(v)}`)
        .join(', ');
  }
}

/** "dd-write", or "buffered-read (128 B)" for a workload with several results. */
export function workloadCaseWords(
  workloadId: string,
  workloadCase: string | null | undefined,
  titles?: ReadonlyMap<string, string>,
): string {
  const title = titles?.get(workloadId) ?? workloadId;
  if (!workloadCase) return title;
  return workloadId === 'buffered-read'
    ? `${title} (${bytes(Number(workloadCase))} reads)`
    : `${title} (${workloadCase})`;
}
