// Test switch: MOUNTBENCH_TEST_EXECUTOR=scripted makes every run of this process measure nothing.
// Each backend gets the scripted executor the runner's unit tests use (test-support/
// scripted-executor.ts), every sample a made-up 10 ms, read back by the real parser; everything
// around it is the real code: the engine is still probed, the product still switched, restarted,
// waited on and verified, the journal written. The fault-injection suite runs the real CLI this way
// to kill a sweep at each of its product steps in seconds, where replaying a real measurement for
// every kill point took most of the integration suite's time (hyperfine's debug mode runs its real
// binary with a mock executor for the same reason). It has no other use: a result made under it
// says so (its clock is "scripted"), and the process says so on stderr.
import type { ExecutorFactory } from './run-context';
import { ScriptedEngine } from './test-support/scripted-executor';

export const TEST_EXECUTOR_VARIABLE = 'MOUNTBENCH_TEST_EXECUTOR';
/** What every scripted sample takes: short, and not zero, so the statistics have something to read. */
const SCRIPTED_SECONDS = 0.01;

export const TEST_SWITCH_WARNING = `mountbench: ${TEST_EXECUTOR_VARIABLE}=scripted is a test switch: nothing is measured, every time is made up\n`;

let warned = false;
/** Once a process: a run asks for its executors at every backend's start. */
function warnOnce(): void {
  if (warned) return;
  warned = true;
  process.stderr.write(TEST_SWITCH_WARNING);
}

/** The scripted executors when the switch is on, else undefined (the real ones). */
export function executorsFromTestSwitch(
  env: NodeJS.ProcessEnv = process.env,
  warn: () => void = warnOnce,
): ExecutorFactory | undefined {
  const value = env[TEST_EXECUTOR_VARIABLE];
  if (value === undefined || value === '') return undefined;
  if (value !== 'scripted')
    throw new Error(`${TEST_EXECUTOR_VARIABLE}=${value}: the only value is "scripted" (a test switch)`);
  warn();
  return new ScriptedEngine(() => ({ seconds: () => SCRIPTED_SECONDS })).factory;
}
