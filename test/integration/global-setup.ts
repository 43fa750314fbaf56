// Once per integration run: a folder the files share for host fixtures laid once per workload and
// size (engine-run.ts), removed at the end. Made per run, so a fixture is never older than the code.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** engine-run.ts's fixture cache for this run of the integration project. */
    fixtureCache: string;
  }
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'mountbench-it-fixtures-'));
  project.provide('fixtureCache', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
