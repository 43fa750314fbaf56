// Fault injection for sweeps: `mountbench sweep --yes` as a child process, SIGKILLed right after
// each journal step (MOUNTBENCH_KILL_AT_STEP=N, read by src/core/journal/journal.ts), then
// `mountbench restore`, itself killed at each of its steps first; every watched file must end
// byte-identical and the product in the state it was. Any provider's test can call
// runFaultInjection with its own scenario.
//
// What a kill point checks is the journal's and the product's, so the kill points run with the
// CLI's scripted executor (MOUNTBENCH_TEST_EXECUTOR=scripted, src/core/runner/scripted-switch.ts):
// the product is switched, restarted, waited on and verified for real, and nothing is measured.
// Where a stand-in lets the sweep measure, the real engine keeps what only a measurement can
// show: the whole sweep once, and one kill inside its measurement, with a bench container of the
// sweep's on the engine, after which restore and `mountbench cleanup` leave the product as it was
// and nothing of the dead sweep's on the engine.
//
// Every kill point replays the sweep from its start, so a scenario costs about the square of its
// steps, most of it waiting on the stand-ins (a Lima sweep: 9 s of wall for 3 s of CPU). The kill
// points therefore run in lanes, each with a sandbox of its own made by the scenario's factory and
// reused from one kill point to the next (each ends with its sandbox as it was: that is what is
// checked).
import { readFileSync } from 'node:fs';
import type Docker from 'dockerode';
import { expect } from 'vitest';
import { findUnfinishedJournals } from '../../src/core/journal';
import { TEST_EXECUTOR_VARIABLE } from '../../src/core/runner/scripted-switch';
import { mountbenchChild } from '../support/mountbench-cli';
import { labelledLeftovers } from './support';

/** Each scenario's time limit: a hang guard (a quiet machine takes a small part of it). */
export const FAULT_SCENARIO_TIMEOUT_MS = 900_000;

/** Kill points run this many at a time (MOUNTBENCH_TEST_FAULT_LANES); each lane has its own sandbox. */
const LANES = Math.max(1, Number.parseInt(process.env.MOUNTBENCH_TEST_FAULT_LANES ?? '', 10) || 3);

// One pass: a kill in the bracket's second pass lands on the same steps (switch, measure) as in the
// first, and each kill point replays a sweep, so the second pass would double the points for nothing.
const QUICK = ['--size', 'quick', '--runs', '1', '--warmup', '0', '--single-pass'];
/** Two workloads: the bench container outlives the first one's end, where the kill lands. */
const TWO_WORKLOADS = ['--workload', 'dd-write,small-file-read', ...QUICK];
const ONE_WORKLOAD = ['--workload', 'dd-write', ...QUICK];

/** One lane's sandbox, as the scenario's factory makes it: the product as the user has it. */
export interface FaultSandbox {
  env: NodeJS.ProcessEnv;
  dataDir: string;
  /** Files that must end byte-identical (null: must end absent). */
  watchedFiles: string[];
  /** The product's observable state (e.g. "running"), compared before and after. */
  state(): Promise<string>;
  remove(): Promise<void>;
}

export interface FaultScenario {
  name: string;
  /** `sweep --provider P --variants …`: everything after `mountbench` but the workloads and --yes. */
  sweepArgs: string[];
  /** Makes a fresh sandbox (one per lane). */
  sandbox(): Promise<FaultSandbox>;
  /** The engine the sweep's bench containers run on; default the local one. */
  engine?: Docker;
  /**
   * The stand-in lets the sweep measure: its verification accepts what the local engine shows
   * (Docker Desktop's FUSE settings on the stand-in's bindfs share, OrbStack as it is). Then the
   * sweep also runs whole and is killed while measuring, on the real engine, once per product.
   * Elsewhere the local engine shows ext4 where the product would show 9p, sshfs or virtiofs, the
   * sweep refuses every setting at verification, and nothing is measured (the VM suite measures
   * Lima's shares across a real guest).
   */
  measuresOnTheEngine?: boolean;
}

export interface FaultReport {
  /** Kill points in the sweep (apply and its own restore). */
  sweepKillPoints: number;
  /** Kill points inside `mountbench restore` runs. */
  restoreKillPoints: number;
  /** The pids of the sweeps killed: what they left on the engine carries them (`mountbench.owner`). */
  killedPids: number[];
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

/** A lane: its sandbox and what the sandbox held when it was made. */
interface Lane {
  sb: FaultSandbox;
  files: (string | null)[];
  state: string;
}

async function openLane(s: FaultScenario): Promise<Lane> {
  const sb = await s.sandbox();
  return { sb, files: snapshot(sb.watchedFiles), state: await sb.state() };
}

async function expectPristine(lane: Lane, where: string) {
  const now = snapshot(lane.sb.watchedFiles);
  lane.sb.watchedFiles.forEach((f, i) => expect(now[i], `${where}: ${f}`).toBe(lane.files[i]));
  expect(await lane.sb.state(), `${where}: product state`).toBe(lane.state);
  expect(await findUnfinishedJournals(lane.sb.dataDir), `${where}: unfinished journals`).toEqual([]);
}

/** Restores after a crash, first killing `mountbench restore` at each of its own steps. */
async function restoreWithKills(env: NodeJS.ProcessEnv, where: string): Promise<number> {
  let kills = 0;
  for (let m = 1; m < 50; m++) {
    const out = await mountbenchChild(['restore'], { ...env, MOUNTBENCH_KILL_AT_STEP: String(m) });
    if (out.signal !== 'SIGKILL') {
      expect(out.code, `${where}, restore: ${out.stdout}${out.stderr}`).toBe(0);
      return kills;
    }
    kills += 1;
  }
  throw new Error(`${where}: restore never finished`);
}

/** The sweep on the real engine, whole: it measures, restores by itself, and leaves it all as it was. */
async function uninterrupted(s: FaultScenario, lane: Lane): Promise<void> {
  const where = `${s.name}, uninterrupted on the real engine`;
  const out = await mountbenchChild([...s.sweepArgs, ...TWO_WORKLOADS, '--yes'], lane.sb.env);
  expect(out.signal, where).toBeNull();
  expect(out.stderr, where).not.toContain(TEST_EXECUTOR_VARIABLE);
  expect(out.stderr, `${where}: ${out.stderr}`).toMatch(/^done \S+ dd-write/m);
  expect(out.stderr, where).toMatch(/restore: done/);
  await expectPristine(lane, where);
}

/**
 * The sweep on the real engine, killed once its first workload is measured: its bench container is
 * on the engine, the setting applied. Restore puts the product back; cleanup removes the container.
 */
async function killedWhileMeasuring(s: FaultScenario, lane: Lane, killed: number[]): Promise<void> {
  const where = `${s.name}, killed while measuring`;
  // Stopped first, then looked at, then killed: a stopped process is alive, so no other
  // Mountbench's clean-up (a run starting beside this suite) takes its container meanwhile.
  let seen: Promise<string[]> | null = null;
  const out = await mountbenchChild([...s.sweepArgs, ...TWO_WORKLOADS, '--yes'], lane.sb.env, {
    onStderr: (text, child) => {
      if (seen || !/^done \S+ dd-write/m.test(text)) return;
      child.kill('SIGSTOP');
      seen = labelledLeftovers({ ownerPid: child.pid }, s.engine)
        .then((left) => left.containers)
        .finally(() => child.kill('SIGKILL'));
    },
  });
  expect(out.signal, `${where}: ${out.stderr}`).toBe('SIGKILL');
  killed.push(out.pid);
  expect(await seen, `${where}: the sweep's bench container`).not.toEqual([]);
  const restored = await mountbenchChild(['restore'], lane.sb.env);
  expect(restored.code, `${where}, restore: ${restored.stdout}${restored.stderr}`).toBe(0);
  await expectPristine(lane, where);
  const cleaned = await mountbenchChild(['cleanup'], lane.sb.env);
  expect(cleaned.code, `${where}, cleanup: ${cleaned.stderr}`).toBe(0);
  expect(await labelledLeftovers({ ownerPid: out.pid }, s.engine), where).toEqual({
    containers: [],
    volumes: [],
  });
}

/** What one kill point found: killed (with the restores' own kills), or the sweep ran to its end. */
type KillPointOutcome = { killed: true; pid: number; restoreKills: number } | { killed: false };

/** The sweep killed after journal step `n`, then restored (killing that too), then checked. */
async function killPoint(
  s: FaultScenario,
  lane: Lane,
  env: NodeJS.ProcessEnv,
  n: number,
): Promise<KillPointOutcome> {
  const where = `${s.name}, killed at step ${n}`;
  const out = await mountbenchChild([...s.sweepArgs, ...ONE_WORKLOAD, '--yes'], {
    ...env,
    MOUNTBENCH_KILL_AT_STEP: String(n),
  });
  if (out.signal !== 'SIGKILL') {
    // Past the last step: the sweep ran to its end and restored by itself.
    const last = `${s.name}, a sweep past its last kill point (${n})`;
    expect(out.stderr, last).toMatch(/restore: done/);
    // Verification ran (a stand-in without the bench image would refuse every setting at its pull).
    expect(out.stderr, last).not.toMatch(/could not pull/);
    // The switch is what makes these kill points cheap: on where asked, wherever a setting was
    // measured (a stand-in whose engine cannot show the setting's fs type is refused before).
    if (/^\S+: measure$/m.test(out.stderr))
      expect(out.stderr.includes(`${TEST_EXECUTOR_VARIABLE}=scripted`), `${last}: scripted executor`).toBe(
        env[TEST_EXECUTOR_VARIABLE] === 'scripted',
      );
    await expectPristine(lane, last);
    return { killed: false };
  }
  const restoreKills = await restoreWithKills(env, where);
  await expectPristine(lane, where);
  return { killed: true, pid: out.pid, restoreKills };
}

/**
 * Every kill point, LANES at a time: step n goes to the next free lane, in order, until one sweep
 * runs to its end; kill points already started past it run out (they end uninterrupted too).
 * `before` are jobs of their own (the real-engine sweeps) taken first.
 */
async function everyKillPoint(
  s: FaultScenario,
  envOf: (lane: Lane) => NodeJS.ProcessEnv,
  before: ((lane: Lane, killed: number[]) => Promise<void>)[] = [],
): Promise<FaultReport> {
  const report: FaultReport = { sweepKillPoints: 0, restoreKillPoints: 0, killedPids: [] };
  const jobs = [...before];
  let next = 1;
  let end = Number.POSITIVE_INFINITY;
  const work = async (lane: Lane): Promise<void> => {
    try {
      await drain(lane);
    } catch (err) {
      end = 0; // the other lanes stop at their next kill point
      throw err;
    }
  };
  const drain = async (lane: Lane): Promise<void> => {
    for (;;) {
      const job = jobs.shift();
      if (job) {
        await job(lane, report.killedPids);
        continue;
      }
      if (next >= end) return;
      if (next >= 200) throw new Error(`${s.name}: the sweep never ended`);
      const n = next++;
      const outcome = await killPoint(s, lane, envOf(lane), n);
      if (outcome.killed) {
        report.sweepKillPoints += 1;
        report.restoreKillPoints += outcome.restoreKills;
        report.killedPids.push(outcome.pid);
      } else end = Math.min(end, n);
    }
  };
  const lanes: Lane[] = [];
  try {
    for (let i = 0; i < LANES; i++) lanes.push(await openLane(s));
    const failed = (await Promise.allSettled(lanes.map(work))).find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
  } finally {
    for (const lane of lanes) await lane.sb.remove();
  }
  // Every step before the first sweep that ran to its end was a kill point, each killed (the
  // sweep killed while measuring is not one of them).
  expect(report.sweepKillPoints, `${s.name}: kill points before the end`).toBe(end - 1);
  return report;
}

/**
 * A product's scenario: where its stand-in lets it measure, the sweep whole and killed
 * mid-measurement on the real engine; then every kill point with the scripted executor (checked
 * to be on wherever a setting was measured: the CLI says so on stderr).
 */
export function runFaultInjection(s: FaultScenario): Promise<FaultReport> {
  const onTheEngine = s.measuresOnTheEngine
    ? [
        (lane: Lane) => uninterrupted(s, lane),
        (lane: Lane, killed: number[]) => killedWhileMeasuring(s, lane, killed),
      ]
    : [];
  return everyKillPoint(s, (lane) => ({ ...lane.sb.env, [TEST_EXECUTOR_VARIABLE]: 'scripted' }), onTheEngine);
}

/**
 * Every kill point on the real engine, measuring: for the plain engine, whose measurement (its own
 * FUSE share, its containers) is what a kill can leave behind.
 */
export function runFaultInjectionMeasuring(s: FaultScenario): Promise<FaultReport> {
  return everyKillPoint(s, (lane) => lane.sb.env);
}
