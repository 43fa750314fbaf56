// A prepared run measured as `mountbench run` measures it, for the benches that time it: this
// machine, this build, no host commands, the user's cache folder; what the bench hears of it is
// its own report.
import type { RunFile } from '../../src/shared/result-schema';
import { APP_VERSION } from '../../src/core/app-version';
import { getMachineInfo } from '../../src/core/machine';
import type { PreparedRun } from '../../src/core/runner/prepare-run';
import { executeRun, type RunReport } from '../../src/core/runner/run';
import { cacheDir } from '../../src/core/store';

export async function runPrepared(
  prepared: PreparedRun,
  signal: AbortSignal,
  report: RunReport,
): Promise<RunFile> {
  const { docker, syncTools, ...measured } = prepared;
  return executeRun(
    { ...measured, machine: await getMachineInfo(), appVersion: APP_VERSION, allowHostCommands: false },
    { docker, syncTools, cacheDir: cacheDir(), signal },
    report,
  );
}
