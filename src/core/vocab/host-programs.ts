// Whether the host has the programs a workload needs (git, fio…): a workload needing tools runs on
// the host baseline with the host's own, and is skipped with the reason when one is missing.
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

function onPath(program: string, path: string): boolean {
  for (const dir of path.split(delimiter)) {
    // A relative PATH entry would depend on the folder Mountbench was started in.
    if (!dir || !isAbsolute(dir)) continue;
    const candidate = join(dir, program);
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return true;
    } catch {
      // not here
    }
  }
  return false;
}

/** The programs of `names` that no folder of the environment's PATH has, in the order given. */
export function missingHostPrograms(
  names: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): string[] {
  const path = env.PATH ?? '';
  return names.filter((name) => !onPath(name, path));
}
