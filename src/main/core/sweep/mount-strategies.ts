// Mount strategies that need a sync tool. Detected and listed; the sweep does not drive them yet,
// so even an installed tool is reported as not measured, with the reason.
import { findExecutable } from '../providers/find-executable';

export interface MountStrategy {
  id: 'mutagen' | 'docker-sync';
  available: boolean;
  reason: string;
}

export async function mountStrategies(env: NodeJS.ProcessEnv): Promise<MountStrategy[]> {
  const out: MountStrategy[] = [];
  for (const id of ['mutagen', 'docker-sync'] as const) {
    const found = await findExecutable(id, env);
    out.push({
      id,
      available: false,
      reason: found
        ? `${id} is installed (${found}), but this version of Mountbench does not run workloads through it yet`
        : `${id} is not installed (not on PATH)`,
    });
  }
  return out;
}
