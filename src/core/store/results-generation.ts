// A counter per results folder, moved on by every write this process makes there (save, import,
// delete), so a listing shared between callers (summary-index.ts) is never one begun before a
// write a later caller already saw finish.
import path from 'node:path';

const generations = new Map<string, number>();

export function resultsChanged(dir: string): void {
  const key = path.resolve(dir);
  generations.set(key, (generations.get(key) ?? 0) + 1);
}

export function resultsGeneration(dir: string): number {
  return generations.get(path.resolve(dir)) ?? 0;
}
