// The user's running containers on an engine, by name: what a product restart will stop.
import { MOUNTBENCH_LABEL } from '../../shared/ids';
import { resolveEngine } from '../engines';
import type { ProviderContext } from '../providers/provider';

export async function runningContainerNames(
  ctx: ProviderContext,
  engineName: string,
): Promise<{ names: string[]; problem?: string }> {
  try {
    const { docker } = await resolveEngine(engineName, { env: ctx.env, home: ctx.home, signal: ctx.signal });
    const list = await docker.listContainers({ all: false });
    return {
      names: list
        .filter((c) => !(c.Labels && MOUNTBENCH_LABEL in c.Labels))
        .map((c) => (c.Names[0] ?? c.Id.slice(0, 12)).replace(/^\//, ''))
        .sort(),
    };
  } catch (err) {
    return {
      names: [],
      problem: `could not list the running containers on ${engineName}: ${(err as Error).message}`,
    };
  }
}
