// Fault injection for sweeps: run `mountbench sweep --yes` as a child process and SIGKILL it right
// after each journal step (MOUNTBENCH_KILL_AT_STEP=N, read by src/core/journal/journal.ts), then
// run `mountbench restore` — itself killed at each of its steps first — and check every watched
// file is byte-identical to before and the product is in the state it was. Any provider's test can
// call runFaultInjection with its own scenario.
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { findUnfinishedJournals } from '../../src/core/journal';
import { mountbenchChild } from './mountbench-child';

/**
 * Each scenario's time limit. Every kill point replays the sweep from its start, so a scenario costs
 * about the square of its steps: Docker Desktop's 13 took 284 s alone on a quiet machine and ran out
 * of vitest's 300 s default on CI.
 */
export const FAULT_SCENARIO_TIMEOUT_MS = 900_000;

export interface FaultScenario {
  name: string;
  env: NodeJS.ProcessEnv;
  dataDir: string;
  /** Everything after `mountbench`, without --yes. */
  sweepArgs: string[];
  /** Files that must end byte-identical (null: must end absent). */
  watchedFiles: string[];
  /** The product's observable state (e.g. "running"), compared before and after. */
  state(): Promise<string>;
}

export interface FaultReport {
  /** Kill points in the sweep (apply and its own restore). */
  sweepKillPoints: number;
  /** Kill points inside `mountbench restore` runs. */
  restoreKillPoints: number;
}

function snapshot(files: string[]): (string | null)[] {
  return files.map((f) => {
    try {
      return readFileSync(f).toString('base64');
    } catch {
      return null;
    }
  });
}

async function expectPristine(s: FaultScenario, files: (string | null)[], state: string, where: string) {
  const now = snapshot(s.watchedFiles);
  s.watchedFiles.forEach((f, i) => expect(now[i], `${where}: ${f}`).toBe(files[i]));
  expect(await s.state(), `${where}: product state`).toBe(state);
  expect(await findUnfinishedJournals(s.dataDir), `${where}: unfinished journals`).toEqual([]);
}

/** Restores after a crash, first killing `mountbench restore` at each of its own steps. */
async function restoreWithKills(s: FaultScenario, where: string): Promise<number> {
  let kills = 0;
  for (let m = 1; m < 50; m++) {
    const out = await mountbenchChild(['restore'], { ...s.env, MOUNTBENCH_KILL_AT_STEP: String(m) });
    if (out.signal !== 'SIGKILL') {
      expect(out.code, `${where}, restore: ${out.stdout}${out.stderr}`).toBe(0);
      return kills;
    }
    kills += 1;
  }
  throw new Error(`${where}: restore never finished`);
}

export async function runFaultInjection(s: FaultScenario): Promise<FaultReport> {
  const files = snapshot(s.watchedFiles);
  const state = await s.state();
  const report: FaultReport = { sweepKillPoints: 0, restoreKillPoints: 0 };
  for (let n = 1; n < 200; n++) {
    const where = `${s.name}, killed at step ${n}`;
    const out = await mountbenchChild([...s.sweepArgs, '--yes'], {
      ...s.env,
      MOUNTBENCH_KILL_AT_STEP: String(n),
    });
    if (out.signal !== 'SIGKILL') {
      // Past the last step: the sweep ran to its end and restored by itself.
      expect(out.stderr, `${s.name}, uninterrupted`).toMatch(/restore: done/);
      await expectPristine(s, files, state, `${s.name}, uninterrupted`);
      return report;
    }
    report.sweepKillPoints += 1;
    report.restoreKillPoints += await restoreWithKills(s, where);
    await expectPristine(s, files, state, where);
  }
  throw new Error(`${s.name}: the sweep never ended`);
}
