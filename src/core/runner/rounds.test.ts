// The round scheduler on scripted executors: who leaves a case and when (fixed, race, tie, cap,
// budget, baseline, a lone backend, a failed lane), the interleaving, and the phase each lane
// announces. No engine: the samples are the scripted times, read back through the real parser.
import { describe, expect, it } from 'vitest';
import type { MountKind } from '../../shared/ids';
import { roleOf } from '../../shared/mounts';
import { DEFAULT_RACE_POLICY, type RacePolicy } from '../stats/race';
import type { WorkloadCase } from '../workloads/workload';
import { workloadById } from '../workloads/registry';
import { laneResult } from './lane-result';
import { runCaseRounds, type CaseRoundsInput, type RoundPolicy } from './rounds';
import { SCRIPTED_CLOCK, ScriptedExecutor, type ScriptedBackend } from './test-support/scripted-executor';
import type { Lane } from './workload-lane';

const CASE: WorkloadCase = {
  id: null,
  script: 'work',
  opsPerSample: 1,
  repeatable: false,
  derive: () => ({}),
};

/** A deterministic spread around `base`: ±`spread` (a fraction), never the same twice in a row. */
function around(base: number, spread: number, phase = 0): ScriptedBackend['seconds'] {
  const wobble = [0, 1, -1, 0.5, -0.5, 0.8, -0.8, 0.3, -0.3];
  return (_body, index) => base * (1 + spread * wobble[(index + phase) % wobble.length]);
}

interface LaneSpec {
  id: string;
  mount: MountKind;
  seconds: ScriptedBackend['seconds'];
}

function makeLanes(specs: LaneSpec[], log: string[], signal: AbortSignal): Lane[] {
  return specs.map(({ id, mount, seconds }) => ({
    backend: { id, provider: mount === 'host' ? null : 'docker-engine', variant: null, mount, label: id },
    executor: new ScriptedExecutor(id, { seconds }),
    workdir: '/scripted/w',
    fsType: 'ext4',
    overhead: 0,
    clock: SCRIPTED_CLOCK,
    initialSeconds: null,
    sampleMethod: 'spaced',
    batches: false,
    hooks: {
      signal,
      phase: (phase) => log.push(`${id} phase ${phase}`),
      sample: (_case, index, warmup) => log.push(`${id} ${warmup ? 'warm-up' : 'timed'} ${index}`),
    },
  }));
}

function race(overrides: Partial<RacePolicy> = {}): RoundPolicy {
  return { kind: 'race', race: { ...DEFAULT_RACE_POLICY, ...overrides } };
}

function rounds(
  specs: LaneSpec[],
  options: Partial<Omit<CaseRoundsInput, 'lanes'>> & { policy: RoundPolicy },
  controller = new AbortController(),
) {
  const log: string[] = [];
  const failed: { lane: number; message: string }[] = [];
  const lanes = makeLanes(specs, log, controller.signal);
  const input: CaseRoundsInput = {
    lanes,
    workloadCase: CASE,
    roles: specs.map((s) => roleOf(s.mount)),
    flushesWrites: false,
    warmup: 0,
    order: 'interleaved',
    deadline: null,
    signal: controller.signal,
    onLaneFailed: (lane, err) => failed.push({ lane, message: (err as Error).message }),
    ...options,
  };
  return { log, failed, lanes, result: runCaseRounds(input) };
}

/** The log lines of one lane, in order. */
function of(log: string[], id: string): string[] {
  return log.filter((line) => line.startsWith(`${id} `)).map((line) => line.slice(id.length + 1));
}

describe('runCaseRounds on scripted executors', () => {
  it('fixed count: every lane announces warm-up, takes it, announces timed, then takes its runs', async () => {
    const { log, result } = rounds(
      [
        { id: 'a', mount: 'bind', seconds: (_b, i) => 0.1 * (i + 1) },
        { id: 'b', mount: 'volume', seconds: (_b, i) => 0.2 * (i + 1) },
      ],
      { policy: { kind: 'fixed', runs: 3 }, warmup: 2 },
    );
    const done = await result;
    for (const id of ['a', 'b']) {
      expect(of(log, id)).toEqual([
        'phase warmup',
        'warm-up 0',
        'warm-up 1',
        'phase timed',
        'timed 0',
        'timed 1',
        'timed 2',
      ]);
    }
    // Interleaved: no lane starts its timed runs before every lane finished its warm-up.
    expect(log.indexOf('a phase timed')).toBeGreaterThan(log.lastIndexOf('b warm-up 1'));
    // The scripted times come back through the sample script's parser (warm-ups 0 and 1 left out).
    expect(done.samples[0].timed.map((t) => t.seconds)).toEqual(
      [0.3, 0.4, 0.5].map((v) => expect.closeTo(v, 9)),
    );
    expect(done.samples[1].warmups).toBe(2);
    expect(done.samples[1].first).toBeCloseTo(0.2, 9);
    expect(done.rounds).toBe(3);
    expect(done.exits).toEqual([
      { lane: 0, round: 3, reason: 'fixed' },
      { lane: 1, round: 3, reason: 'fixed' },
    ]);
    expect(done.races).toEqual([]);
  });

  it('rotates which lane goes first every round', async () => {
    const { log, result } = rounds(
      ['a', 'b', 'c'].map((id) => ({ id, mount: 'bind' as const, seconds: () => 0.1 })),
      { policy: { kind: 'fixed', runs: 3 } },
    );
    await result;
    const firsts = log.filter((l) => / timed \d$/.test(l)).filter((_, i) => i % 3 === 0);
    expect(firsts).toEqual(['a timed 0', 'b timed 1', 'c timed 2']);
  });

  it('without warm-up a lane announces only its timed runs', async () => {
    const { log, result } = rounds([{ id: 'a', mount: 'bind', seconds: () => 0.1 }], {
      policy: { kind: 'fixed', runs: 2 },
    });
    await result;
    expect(of(log, 'a')).toEqual(['phase timed', 'timed 0', 'timed 1']);
  });

  it('sequential: each lane takes its warm-up and runs before the next lane starts', async () => {
    const { log, result } = rounds(
      [
        { id: 'a', mount: 'bind', seconds: () => 0.1 },
        { id: 'b', mount: 'bind', seconds: () => 0.2 },
      ],
      { policy: { kind: 'fixed', runs: 2 }, warmup: 1, order: 'sequential' },
    );
    await result;
    expect(log).toEqual([
      'a phase warmup',
      'a warm-up 0',
      'a phase timed',
      'a timed 0',
      'a timed 1',
      'b phase warmup',
      'b warm-up 0',
      'b phase timed',
      'b timed 0',
      'b timed 1',
    ]);
  });

  it('race: a clearly slower backend leaves at the minimum, decided slower than the leader', async () => {
    const { result } = rounds(
      [
        { id: 'fast', mount: 'bind', seconds: around(1, 0.01) },
        { id: 'slow', mount: 'bind', seconds: around(8, 0.01, 3) },
      ],
      { policy: race() },
    );
    const done = await result;
    expect(done.rounds).toBe(DEFAULT_RACE_POLICY.minSamples);
    expect(done.exits).toEqual([
      { lane: 1, round: 3, reason: 'slower', slowerThan: 0 },
      { lane: 0, round: 3, reason: 'leader' },
    ]);
    expect(done.races).toHaveLength(1);
    expect(done.races[0]).toMatchObject({ role: 'source-tree', lanes: [0, 1], outcome: 'decided' });
    expect(done.races[0].comparisons[0]).toMatchObject({ a: 0, b: 1, decided: true });
  });

  it('race: twins within a fraction of a percent are called tied', async () => {
    const { result } = rounds(
      [
        { id: 'a', mount: 'volume', seconds: around(1, 0.001) },
        { id: 'b', mount: 'tmpfs', seconds: around(1, 0.001, 4) },
      ],
      { policy: race() },
    );
    const done = await result;
    expect(done.races[0].outcome).toBe('tied');
    expect(done.exits.map((e) => e.reason)).toEqual(['tied', 'tied']);
  });

  it('race: twins too noisy to call run to the cap', async () => {
    const { result } = rounds(
      [
        { id: 'a', mount: 'bind', seconds: around(1, 0.3) },
        { id: 'b', mount: 'bind', seconds: around(1, 0.3, 4) },
      ],
      { policy: race({ maxSamples: 6 }) },
    );
    const done = await result;
    expect(done.rounds).toBe(6);
    expect(done.races[0].outcome).toBe('cap');
    expect(done.exits).toEqual([
      { lane: 0, round: 6, reason: 'cap' },
      { lane: 1, round: 6, reason: 'cap' },
    ]);
  });

  it('race: the host baseline rides along until the race is over, then leaves as the baseline', async () => {
    const { result } = rounds(
      [
        { id: 'host', mount: 'host', seconds: around(0.5, 0.01) },
        { id: 'native', mount: 'bind', seconds: around(1, 0.01) },
        { id: 'fuse', mount: 'bind', seconds: around(9, 0.01, 2) },
      ],
      { policy: race() },
    );
    const done = await result;
    expect(done.races.map((r) => r.lanes)).toEqual([[1, 2]]);
    expect(done.exits).toContainEqual({ lane: 0, round: 3, reason: 'baseline' });
    expect(done.exits).toContainEqual({ lane: 2, round: 3, reason: 'slower', slowerThan: 1 });
  });

  it('race: a backend alone in its role stays while the other role races, and to ten samples', async () => {
    const { result } = rounds(
      [
        { id: 'bind', mount: 'bind', seconds: around(1, 0.01) },
        { id: 'volume', mount: 'volume', seconds: around(0.5, 0.3) },
        { id: 'tmpfs', mount: 'tmpfs', seconds: around(0.5, 0.3, 4) },
      ],
      // The futility stop out of reach (stats/race-equivalence.test.ts has it), so the twins' race
      // stays open to the cap.
      { policy: race({ maxSamples: 14, futilityFrom: 15 }) },
    );
    const done = await result;
    // The container-data twins race to the cap; the lone bind backend stays in as long.
    expect(done.races.find((r) => r.role === 'container-data')?.outcome).toBe('cap');
    expect(done.exits).toContainEqual({ lane: 0, round: 14, reason: 'leader' });
  });

  it('race: a lone backend with nobody else racing stops at ten samples', async () => {
    const { result } = rounds(
      [
        { id: 'bind', mount: 'bind', seconds: around(1, 0.01) },
        { id: 'volume', mount: 'volume', seconds: around(0.5, 0.01) },
      ],
      { policy: race() },
    );
    const done = await result;
    expect(done.rounds).toBe(10);
    expect(done.exits).toEqual([
      { lane: 0, round: 10, reason: 'leader' },
      { lane: 1, round: 10, reason: 'leader' },
    ]);
  });

  it('budget: past the deadline, every lane leaves once it has two samples', async () => {
    const { result } = rounds(
      [
        { id: 'a', mount: 'bind', seconds: around(1, 0.3) },
        { id: 'b', mount: 'bind', seconds: around(1, 0.3, 4) },
      ],
      { policy: race(), deadline: Date.now() - 1 },
    );
    const done = await result;
    expect(done.rounds).toBe(2);
    expect(done.exits).toEqual([
      { lane: 0, round: 2, reason: 'budget' },
      { lane: 1, round: 2, reason: 'budget' },
    ]);
    expect(done.races[0].outcome).toBe('budget');
  });

  it('a lane whose sample fails leaves the case and is reported once; the others go on', async () => {
    const { failed, log, result } = rounds(
      [
        { id: 'a', mount: 'bind', seconds: () => 0.1 },
        {
          id: 'b',
          mount: 'bind',
          seconds: (_b, i) => {
            if (i === 2) throw new Error('exec broke');
            return 0.1;
          },
        },
      ],
      { policy: { kind: 'fixed', runs: 4 }, warmup: 1 },
    );
    const done = await result;
    expect(failed).toEqual([{ lane: 1, message: 'exec broke' }]);
    // Warm-up 0 and timed 0 worked; timed 1 (its third sample) broke in round 2.
    expect(done.exits).toEqual([
      { lane: 1, round: 2, reason: 'failed' },
      { lane: 0, round: 4, reason: 'fixed' },
    ]);
    expect(of(log, 'b')).toEqual(['phase warmup', 'warm-up 0', 'phase timed', 'timed 0']);
    expect(done.samples[0].timed).toHaveLength(4);
  });

  it('a cancel is not a failed lane: the scheduler stops and rethrows', async () => {
    const controller = new AbortController();
    const { failed, result } = rounds(
      [
        {
          id: 'a',
          mount: 'bind',
          seconds: (_b, i) => {
            if (i === 1) controller.abort(new Error('cancelled by the test'));
            return 0.1;
          },
        },
        { id: 'b', mount: 'bind', seconds: () => 0.1 },
      ],
      { policy: { kind: 'fixed', runs: 5 } },
      controller,
    );
    await expect(result).rejects.toThrow('cancelled by the test');
    expect(failed).toEqual([]);
  });
});

describe('the host load at each timed sample', () => {
  it('is read at every timed sample, never at a warm-up, and the lane result carries it and its warning', async () => {
    const loads = [9, 9, 1.1, 1.2, 4.6, 4.8];
    const { lanes, result } = rounds(
      [
        { id: 'a', mount: 'bind', seconds: () => 0.1 },
        { id: 'b', mount: 'volume', seconds: () => 0.2 },
      ],
      { policy: { kind: 'fixed', runs: 3 }, warmup: 1 },
    );
    // Lanes share the scripted host: each read takes the next load.
    for (const lane of lanes) lane.hooks.hostLoad = () => loads.shift() ?? null;
    const done = await result;
    // Warm-ups read nothing: the first two loads went to round 1's timed samples (a, then b; the
    // order rotates each round).
    expect(done.samples[0].loads).toEqual([9, 1.2, 4.6]);
    expect(done.samples[1].loads).toEqual([9, 1.1, 4.8]);
    const workload = workloadById('metadata-walk');
    const made = await laneResult({
      lane: lanes[0],
      workload,
      size: 'quick',
      workloadCase: CASE,
      samples: done.samples[0],
      exit: done.exits[0],
      warmup: 1,
      order: 'interleaved',
      racing: false,
      maxRuns: 3,
      laneIds: ['a', 'b'],
      flushesWrites: false,
    });
    expect(made.conditions).toEqual({ load: [9, 1.2, 4.6] });
    // The largest change is named: 1.2 to 4.6 is nearly three times, 9 to 1.2 under once.
    expect(made.warnings).toContainEqual(
      expect.stringMatching(
        /^The machine's load rose from 1.20 to 4.60 between rounds 2 and 3 \(loads over the rounds: 1.20 to 9.00\)/,
      ),
    );
  });
});
