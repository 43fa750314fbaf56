// What crashed runs left behind (containers, volumes, fixture folders, sync sessions), cleared the
// same way from every front door: the app at its start, the CLI before a run and on `cleanup`.
import { resolveEngine } from '../engines';
import { removeLeftovers, type LeftoverReport } from '../runner/leftovers';

export type { LeftoverReport };

export interface ClearLeftoversOptions {
  cacheDir: string;
  env?: NodeJS.ProcessEnv;
  /** The engine to clear, by name; default: the current one. */
  engine?: string;
  /**
   * `required`: an engine that does not answer is the command's error (`mountbench cleanup`).
   * `if-reachable`: the cache is still cleared without it (the app's start).
   */
  engineNeeded: 'required' | 'if-reachable';
}

export async function clearLeftovers(options: ClearLeftoversOptions): Promise<LeftoverReport> {
  const env = options.env ?? process.env;
  const found = resolveEngine(options.engine, { env });
  const engine = options.engineNeeded === 'required' ? await found : await found.catch(() => null);
  return removeLeftovers(engine?.docker ?? null, options.cacheDir, env, {
    ...(options.engineNeeded === 'if-reachable' ? { askMutagen: 'after-crash' as const } : {}),
  });
}

/** What was removed and what could not be, one line each (empty when there was nothing). */
export function leftoverLines(report: LeftoverReport): string[] {
  const removed = [
    ...report.containers.map((c) => `container ${c}`),
    ...report.volumes.map((v) => `volume ${v}`),
    ...report.folders.map((f) => `folder ${f}`),
    ...report.syncs,
  ];
  return [
    ...(removed.length ? [`removed what an earlier run left behind: ${removed.join(', ')}`] : []),
    ...report.problems.map((problem) => `could not remove a leftover: ${problem}`),
  ];
}

/** Whether a clearing found nothing at all to remove or report. */
export function nothingLeft(report: LeftoverReport): boolean {
  return (
    !report.containers.length &&
    !report.volumes.length &&
    !report.folders.length &&
    !report.syncs.length &&
    !report.problems.length
  );
}
