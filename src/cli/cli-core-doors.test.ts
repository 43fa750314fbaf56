// The CLI is a front door: what it does with the core it does through the app layer (core/app, as
// the dashboard does: the run session, the leftovers, the products, this machine) or through the
// public face (index.ts) of eight core folders whose work is the command itself (the results
// store, a sweep, the recommendation, a comparison, an export, the engines, the team dataset, a
// project folder), and the version it prints (core/app-version.ts). A deep import into another
// folder is the CLI deciding what the core should, and the failure names the file and what it
// reached.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { moduleSpecifiers, productionSources } from '../core/test-support/module-imports';

const SRC = path.resolve(__dirname, '..');
const CLI = path.join(SRC, 'cli');

/** The core folders the CLI may reach by their face alone. */
export const CLI_CORE_FACES = [
  'store',
  'sweep',
  'recommend',
  'compare',
  'exports',
  'engines',
  'team',
  'project',
] as const;

/** "cli/commands/run.ts imports core/runner/leftovers", for each import past the doors. */
export function importsPastTheDoors(files: readonly { file: string; text: string }[]): string[] {
  const out: string[] = [];
  for (const { file, text } of files)
    for (const spec of moduleSpecifiers(file, text)) {
      if (!spec.startsWith('.')) continue;
      const target = path.relative(SRC, path.resolve(path.dirname(path.join(SRC, file)), spec));
      const parts = target.split(path.sep);
      if (parts[0] !== 'core') continue;
      const face = parts.length === 2 && (CLI_CORE_FACES as readonly string[]).includes(parts[1]);
      if (parts[1] !== 'app' && parts[1] !== 'app-version' && !face)
        out.push(`${file} imports ${parts.join('/')}`);
    }
  return out.sort();
}

describe("the CLI's doors into the core", () => {
  const files = productionSources(CLI, SRC);

  it('goes through core/app or the faces of eight core folders', () => {
    expect(importsPastTheDoors(files)).toEqual([]);
    expect(CLI_CORE_FACES).toHaveLength(8);
  });

  it('names a deep import, and a face of a folder that is not a door (planted ones)', () => {
    const planted = [
      { file: 'cli/commands/x.ts', text: "import { removeLeftovers } from '../../core/runner/leftovers';" },
      { file: 'cli/commands/y.ts', text: "import type { Estimate } from '../../core/workloads';" },
      { file: 'cli/commands/z.ts', text: "import { cacheDir } from '../../core/store';" },
      { file: 'cli/commands/w.ts', text: "import { startRunSession } from '../../core/app/run-session';" },
    ];
    expect(importsPastTheDoors(planted)).toEqual([
      'cli/commands/x.ts imports core/runner/leftovers',
      'cli/commands/y.ts imports core/workloads',
    ]);
  });
});
