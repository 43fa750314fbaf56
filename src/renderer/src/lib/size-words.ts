// A workload's result in a few words: its title, and the case where one run gives several
// results. A workload's size words come from the core's workload description (WorkloadInfo).
import { formatBytes } from '../../../shared/size-format';

const bytes = (n: unknown) => (typeof n === 'number' ? formatBytes(n) : String(n));

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

/** The same for a workload key as the core writes it (`id` or `id:case`). */
export function workloadKeyWords(key: string, titles?: ReadonlyMap<string, string>): string {
  const [id, workloadCase] = key.split(':');
  return workloadCaseWords(id, workloadCase ?? null, titles);
}
