// What a pull of a missing image reports as it goes, and its words, shared by the CLI's progress
// line and the dashboard so both say the same thing.
import { formatBytes } from './size-format';

export interface PullProgress {
  /** The engine's last word for the pull, e.g. `Downloading`. */
  status: string;
  /** Bytes downloaded over bytes to download; null until every layer has said its size. */
  fraction: number | null;
  layers: { done: number; total: number };
  bytes: { done: number; total: number | null };
}

/** "2 of 5 layers · 1.2 MB of 3.4 MB", or the engine's status before any layer is known. */
export function pullWords(progress: Pick<PullProgress, 'status' | 'layers' | 'bytes'>): string {
  const { layers, bytes } = progress;
  if (!layers.total) return progress.status || 'starting';
  const size = bytes.total !== null ? ` · ${formatBytes(bytes.done)} of ${formatBytes(bytes.total)}` : '';
  return `${layers.done} of ${layers.total} layers${size}`;
}
