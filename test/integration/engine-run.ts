// The one way the integration tests measure on a real engine: the run context a front door would
// build (the plain engine's backends planned for the request, the local engine, this machine), with
// whatever a test changes given by name. Host fixtures that a run shares between its bind backends
// (read-only workloads, runner/shared-fixtures.ts) are laid once per workload and size for the whole
// integration project and hard-linked into each run that needs them: code-search's tree alone took
// 3.8 s to lay, and runs of it recur across files.
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { basename, join } from 'node:path';
import { inject } from 'vitest';
import type { RunFile, MachineInfo } from '../../src/shared/result-schema';
import type { RunRequest } from '../../src/shared/run-plan';
import { planBackends } from '../../src/shared/backend-plan';
import { writeHostFixture } from '../../src/core/fixtures/write-host-fixture';
import { getMachineInfo } from '../../src/core/machine';
import { dockerEngineVariants } from '../../src/core/providers/docker-engine';
import type { PreparedRun } from '../../src/core/runner/prepare-run';
import { executeRun, runParts, type RunContext } from '../../src/core/runner/run';
import { runVerdicts } from '../../src/core/recommend/run-verdicts';
import type { LayHostFixture } from '../../src/core/runner/shared-fixtures';
import { docker, image } from './support';

let machine: Promise<MachineInfo> | null = null;

/** Links every file of `from` into `to` (folders made, symlinks copied as links). */
function linkTree(from: string, to: string, depth = 0): void {
  if (depth > 64) throw new Error(`fixture tree deeper than 64 levels: ${from}`);
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    const source = join(from, name);
    const target = join(to, name);
    const stat = lstatSync(source);
    if (stat.isDirectory()) linkTree(source, target, depth + 1);
    else if (stat.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else linkSync(source, target);
  }
}

/**
 * Lays a run's shared fixture from the project's cache, laying it there first if no run has. The
 * key is the workload (the shared folder's name) and the size: a shared workload's fixture is the
 * registered workload's, with no parameters of the run's. Workloads a test stands in for are
 * laid afresh (their fixture is the test's own).
 */
function layFromCache(size: RunRequest['size'], bypass: ReadonlySet<string>): LayHostFixture {
  const root = inject('fixtureCache');
  return async (target, spec, signal) => {
    const workload = basename(target);
    if (!root || bypass.has(workload)) return writeHostFixture(target, spec, { signal });
    const cached = join(root, `${workload}-${size}`);
    if (!existsSync(cached)) {
      // Laid aside, then renamed in: two files laying the same one at once both finish whole.
      const laying = `${cached}.${process.pid}-${randomBytes(4).toString('hex')}`;
      await writeHostFixture(laying, spec, { signal });
      try {
        renameSync(laying, cached);
      } catch {
        rmSync(laying, { recursive: true, force: true }); // another file's lay got there first
      }
    }
    linkTree(cached, target);
  };
}

export type EngineRunOptions = Partial<Omit<RunContext, 'request' | 'runId' | 'cacheDir'>> &
  Pick<RunContext, 'runId' | 'cacheDir'>;

/** `executeRun` on the local engine (or `docker`), every context field a default a test may replace. */
export async function runOnEngine(request: RunRequest, options: EngineRunOptions): Promise<RunFile> {
  machine ??= getMachineInfo();
  const bypass = new Set(Object.keys(options.workloadsForTests ?? {}));
  return executeRun(
    ...runParts({
      backends: planBackends(request, 'docker-engine', await dockerEngineVariants()),
      docker,
      engine: null,
      image,
      machine: await machine,
      appVersion: 'test',
      allowHostCommands: true,
      signal: new AbortController().signal,
      onEvent: () => undefined,
      // What the app's run job adds to every run's file.
      verdicts: runVerdicts,
      layHostFixture: layFromCache(request.size, bypass),
      ...options,
      request,
    }),
  );
}

/** The same for a run `prepareRun` made (the engine found as a front door finds it). */
export async function runPrepared(
  prepared: PreparedRun,
  options: Omit<EngineRunOptions, 'runId'> & { runId?: string },
): Promise<RunFile> {
  return runOnEngine(prepared.request, { ...prepared, ...options, runId: options.runId ?? prepared.runId });
}
