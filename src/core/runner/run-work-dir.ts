// Where a run works: `runs/<runId>` under Mountbench's cache folder (claimed, cleaned up, and looked
// for by the next run's leftover check: leftovers.ts).
import { join } from 'node:path';

export function runWorkDir(cacheDir: string, runId: string): string {
  return join(cacheDir, 'runs', runId);
}
