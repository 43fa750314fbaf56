// Where the built dashboard is: `npm run build` writes it to out/renderer. From the sources
// (src/server, run through tsx) that is two folders up; from a built CLI (out/cli) it is a sibling.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { MountbenchError } from '../shared/errors';

export function rendererDirCandidates(): string[] {
  return [resolve(__dirname, '..', '..', 'out', 'renderer'), resolve(__dirname, '..', 'renderer')];
}

export function hasRendererBundle(dir: string): boolean {
  return existsSync(join(dir, 'index.html'));
}

export function findRendererDir(candidates: string[] = rendererDirCandidates()): string {
  const found = candidates.find(hasRendererBundle);
  if (found) return found;
  throw new MountbenchError(
    'IO',
    `the dashboard is not built (no index.html in ${candidates[0]}): run \`npm run build\` first, then \`mountbench serve\` again`,
  );
}
