// runSweep with a fake provider, a real journal in a temp folder and scripted executors: the order
// of what it does (originals, then for each variant a journal step before the switch and before
// the measurement, then the restore), a variant that fails, a cancel, and the reverse pass. The
// journal lines each action saw are read from the file on disk when the action began.
import { promises as fs } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MachineInfo, RunFile } from '../../shared/result-schema';
import { seededRandom } from '../../shared/seeded-random';
import { rowsFromRun } from '../compare';
import { profileByName, recommend } from '../recommend';
import { executeRun, runParts, type RunContext } from '../runner/run';
import { ScriptedEngine } from '../runner/test-support/scripted-executor';
import { runSweep, type SweepEvent, type SweepOptions } from './sweep';
import type { SweepRequest } from './sweep-request';
import {
  USERS_CONTEXT,
  fakeSwitchEngine,
  journalOnDisk,
  makeFakeSandbox,
  type FakeBehaviour,
  type FakeSandbox,
} from './test-support/fake-provider';

const MACHINE: MachineInfo = {
  chip: 'scripted',
  arch: 'arm64',
  processArch: 'arm64',
  rosetta: false,
  cores: 2,
  memoryBytes: 8 * 2 ** 30,
  os: { platform: 'darwin', name: 'macOS', version: '15.1', kernel: 'Darwin 24.1.0' },
};

const REQUEST: SweepRequest = {
  provider: 'colima',
  variants: ['b', 'c'],
  workloads: ['dd-write'],
  mounts: ['bind'],
  size: 'quick',
  runs: 3,
  warmup: 1,
  // The order of one pass is what most tests here read; the bracket has its own.
  reversePass: false,
};

/** The request as a user sends it: the bracket left to its default. */
const { reversePass: _single, ...BRACKETED } = REQUEST;

let sandbox: FakeSandbox;
let original: { settings: string; docker: string };

async function sandboxWith(behaviour: Partial<FakeBehaviour> = {}): Promise<void> {
  sandbox = await makeFakeSandbox({ variants: ['a', 'b', 'c'], current: 'a', ...behaviour });
  original = {
    settings: await fs.readFile(sandbox.settingsFile, 'utf8'),
    docker: await fs.readFile(sandbox.dockerConfig, 'utf8'),
  };
}

beforeEach(() => sandboxWith());
afterEach(() => sandbox.remove());

interface Swept {
  outcome: Awaited<ReturnType<typeof runSweep>>;
  events: SweepEvent[];
  scripted: ScriptedEngine;
  /** The provider's actions and the measurements, in the order they began. */
  actions: { action: string; journal: string[] }[];
}

async function sweep(
  request: SweepRequest = REQUEST,
  hooks: {
    beforeMeasure?(ctx: RunContext, controller: AbortController): void;
    /** Each sample's seconds on this variant ('' for the host baseline), default 0.1 s. */
    seconds?(variant: string, setting: string): number;
  } = {},
): Promise<Swept> {
  const controller = new AbortController();
  const events: SweepEvent[] = [];
  const scripted = new ScriptedEngine((backend) => ({
    seconds: () => hooks.seconds?.(backend.variant ?? '', setting) ?? 0.1,
    fsType: `fs-${backend.variant}`,
  }));
  let journalFile = '';
  // The setting being measured now: the control (the host) belongs to no setting of its own.
  let setting = '';
  const measured: { action: string; journal: string[]; at: number }[] = [];
  const options: SweepOptions = {
    machine: MACHINE,
    appVersion: '0.0.0-test',
    cacheDir: sandbox.cacheDir,
    signal: controller.signal,
    onEvent: (event) => {
      events.push(event);
      if (event.type === 'journal') journalFile = event.file;
    },
    engine: fakeSwitchEngine(sandbox),
    measure: async (ctx) => {
      const variant = ctx.request.variants?.[0];
      setting = variant ?? '';
      measured.push({
        action: `measure ${variant}`,
        journal: await journalOnDisk(journalFile),
        at: sandbox.provider.actions.length,
      });
      hooks.beforeMeasure?.(ctx, controller);
      // The engine here is the scripted one: nothing may reach for a Docker client.
      return executeRun(...runParts({ ...ctx, docker: null, executors: scripted.factory }));
    },
  };
  const outcome = await runSweep(sandbox.provider, request, sandbox.ctx, options);
  // Interleave the measurements with the provider's own actions, each where it began.
  const actions: Swept['actions'] = [];
  sandbox.provider.actions.forEach((a, i) => {
    for (const m of measured.filter((m) => m.at === i)) actions.push(m);
    actions.push(a);
  });
  for (const m of measured.filter((m) => m.at === sandbox.provider.actions.length)) actions.push(m);
  return { outcome, events, scripted, actions: actions.map(({ action, journal }) => ({ action, journal })) };
}

async function expectPutBack(): Promise<void> {
  expect(await fs.readFile(sandbox.settingsFile, 'utf8')).toBe(original.settings);
  const docker = JSON.parse(await fs.readFile(sandbox.dockerConfig, 'utf8')) as Record<string, unknown>;
  expect(docker).toEqual(JSON.parse(original.docker));
}

describe('runSweep with a fake provider and a temp-folder journal', () => {
  it('journals the originals first, a step before every switch and measurement, and restores at the end', async () => {
    const { outcome, actions, scripted } = await sweep();
    expect(actions.map((a) => a.action)).toEqual([
      'capture',
      'apply b',
      'measure b',
      'apply c',
      'measure c',
      'restore',
    ]);
    const [capture, applyB, measureB, applyC, measureC, restore] = actions.map((a) => a.journal);
    // The docker CLI's context is on record before the provider is asked for its originals.
    expect(capture).toEqual(['begin', 'file docker-cli config.json', 'state docker-cli currentContext']);
    // Before the first change: the provider's originals, then the step that announces the switch.
    expect(applyB.slice(0, 5)).toEqual([...capture, 'file colima settings.json', 'state colima running']);
    expect(applyB.at(-1)).toBe('step sweep apply variant b');
    expect(measureB.at(-1)).toBe('step sweep apply measure b');
    expect(applyC.at(-1)).toBe('step sweep apply variant c');
    expect(measureC.at(-1)).toBe('step sweep apply measure c');
    expect(restore.at(-1)).toBe('step sweep restore begin');

    const journal = await journalOnDisk(outcome.journal);
    // Putting back: announced, each owner's write announced before it is made, then marked done.
    expect(journal.slice(journal.indexOf('step sweep restore begin'))).toEqual([
      'step sweep restore begin',
      'step colima restore write settings.json',
      'restored colima',
      `step docker-cli restore write currentContext fake-engine → ${USERS_CONTEXT}`,
      'restored docker-cli',
      'end completed',
    ]);
    await expectPutBack();
    expect(outcome).toMatchObject({ status: 'completed', restored: true });
    expect(outcome.variants).toEqual([
      { variant: 'b', ok: true, fsType: 'fs-b', reported: 'b' },
      { variant: 'c', ok: true, fsType: 'fs-c', reported: 'c' },
    ]);
    expect(outcome.run?.results.map((r) => [r.backend.id, r.fsType])).toEqual([
      ['colima/b/bind', 'fs-b'],
      ['colima/c/bind', 'fs-c'],
    ]);
    // The engine names no release; the product's detection did (the stand-in answers 1.0.0).
    expect(outcome.run?.engine?.productVersion).toBe('1.0.0');
    // Each setting's bind mount and the control beside it (the host baseline), each disposed once.
    expect(scripted.executors.map((e) => e.disposals)).toEqual([1, 1, 1, 1]);
  });

  it('a variant that does not start is recorded, the next one is measured, and everything is put back', async () => {
    await sandbox.remove();
    await sandboxWith({ failStart: ['b'] });
    const { outcome, actions, events } = await sweep();
    expect(actions.map((a) => a.action)).toEqual(['capture', 'apply b', 'apply c', 'measure c', 'restore']);
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'variant',
        variant: 'b',
        phase: 'skipped',
        message: expect.stringContaining('did not start'),
      }),
    );
    expect(outcome.run?.errors).toEqual([
      expect.objectContaining({
        backendId: 'colima/b',
        message: expect.stringContaining('did not start with b'),
      }),
    ]);
    expect(outcome.run?.results.map((r) => r.backend.id)).toEqual(['colima/c/bind']);
    expect(outcome.variants.map((v) => [v.variant, v.ok])).toEqual([
      ['b', false],
      ['c', true],
    ]);
    await expectPutBack();
    expect(outcome.restored).toBe(true);
  });

  it('a variant whose bind mount lands elsewhere is not measured', async () => {
    await sandbox.remove();
    await sandboxWith({ landsElsewhere: ['c'] });
    const { outcome, actions } = await sweep();
    expect(actions.map((a) => a.action)).toEqual(['capture', 'apply b', 'measure b', 'apply c', 'restore']);
    expect(outcome.variants[1]).toMatchObject({ variant: 'c', ok: false, fsType: 'fs-elsewhere' });
    expect(outcome.run?.errors[0].message).toMatch(/not fs-c; this variant was not measured$/);
    await expectPutBack();
  });

  it('a cancel during a measurement stops the sweep there and still puts everything back', async () => {
    const { outcome, actions, events } = await sweep(REQUEST, {
      beforeMeasure: (_ctx, controller) => controller.abort(new Error('cancelled by the test')),
    });
    expect(actions.map((a) => a.action)).toEqual(['capture', 'apply b', 'measure b', 'restore']);
    expect(outcome.status).toBe('cancelled');
    expect(outcome.run?.errors.map((e) => e.code)).toContain('CANCELLED');
    expect(events.filter((e) => e.type === 'restore').map((e) => e.type === 'restore' && e.phase)).toEqual([
      'started',
      'done',
    ]);
    await expectPutBack();
    expect(outcome.restored).toBe(true);
  });

  it('two settings are bracketed by default: measured again, last first, before the one restore', async () => {
    const { outcome, actions } = await sweep(BRACKETED);
    expect(actions.map((a) => a.action)).toEqual([
      'capture',
      'apply b',
      'measure b',
      'apply c',
      'measure c',
      'apply c',
      'measure c',
      'apply b',
      'measure b',
      'restore',
    ]);
    // The second pass is checked against the first, not added to it.
    expect(outcome.run?.results.map((r) => r.backend.id)).toEqual(['colima/b/bind', 'colima/c/bind']);
    await expectPutBack();
  });

  it('refuses to start while an earlier journal is unfinished, and changes nothing', async () => {
    const { Journal } = await import('../journal');
    const left = await Journal.create(sandbox.ctx.dataDir, 'an earlier sweep that crashed');
    await left.step('sweep', 'apply', 'variant', 'b');
    await left.close();
    await expect(sweep()).rejects.toThrow(/did not finish putting settings back/);
    expect(sandbox.provider.actions).toEqual([]);
    await expectPutBack();
  });
});

describe('a sweep whose machine drifts while its settings are measured', () => {
  // The machine slows steadily through the sweep, as a busy laptop heating up does: every sample
  // takes 3 % longer than the one before it (and a seeded ±1 % of noise), whichever setting it
  // measures. Settings run minutes apart, so the drift falls between them, not within one.
  function drifting(base: Record<string, number>): (variant: string) => number {
    const noise = seededRandom(37);
    let sample = 0;
    return (variant) => base[variant] * (1 + 0.03 * sample++) * (1 + (noise() - 0.5) * 0.02);
  }

  // The host baseline ('') is the control every setting's first pass measures beside its own.
  const A_A = { b: 0.1, c: 0.1, '': 0.05 };
  const TWICE = { b: 0.1, c: 0.2, '': 0.05 };
  const answer = (outcome: Swept['outcome']) => {
    if (!outcome.run) throw new Error('nothing measured');
    return recommend(rowsFromRun(outcome.run), profileByName('balanced'));
  };

  /** The run as a sweep without its guards would have left it: no control, no second pass. */
  const unguarded = (run: RunFile, keep: { control?: boolean; passes?: boolean } = {}): RunFile => ({
    ...run,
    results: run.results.map(({ control, passCheck, ...r }) => ({
      ...r,
      ...(keep.control && control ? { control } : {}),
      ...(keep.passes && passCheck ? { passCheck } : {}),
    })),
  });
  const answerOf = (run: RunFile) => recommend(rowsFromRun(run), profileByName('balanced'));

  it('measured once, the control beside each setting keeps an A/A pair under drift from reading as a difference', async () => {
    const { outcome } = await sweep(REQUEST, { seconds: drifting(A_A) });
    const run = outcome.run!;
    expect(run.results.every((r) => r.passCheck === undefined && r.control !== undefined)).toBe(true);
    const rec = answer(outcome);
    expect(rec.verdict).toBe('no-measurable-difference');
    expect(rec.roles?.[0]?.drift?.source).toBe('control');
    // Without the control, the drift between the settings is taken for a difference between them.
    expect(answerOf(unguarded(run)).verdict).toBe('winner');
  });

  it('bracketed, the same A/A pair is no measurable difference, said with the drift between passes', async () => {
    const { outcome } = await sweep(BRACKETED, { seconds: drifting(A_A) });
    const rec = answer(outcome);
    expect(rec.verdict).toBe('no-measurable-difference');
    const drift = rec.roles?.[0]?.drift;
    // b's passes are the sweep's first and last: the widest apart, about 1 + 0.03 × 24.
    expect(drift).toMatchObject({ source: 'passes', backend: { key: 'colima/b/bind' } });
    expect(drift?.factor).toBeGreaterThan(1.3);
    expect(rec.reason).toMatch(/^No measurable difference: .* differ by no more than the machine drifted/);
    expect(rec.reason).toMatch(/two passes on dd-write were 1\.\d\d× apart/);
    // The ranking agrees: first place shared; nothing listed as measurably slower.
    expect(rec.rankings[0].entries.map((e) => e.place)).toEqual([1, 1]);
    expect(rec.roles?.[0]?.slowerOn).toEqual([]);
    // The bracket alone holds it, without the control.
    expect(answerOf(unguarded(outcome.run!, { passes: true })).verdict).toBe('no-measurable-difference');
  });

  it('bracketed, settings twice apart under the same drift are still decided', async () => {
    const { outcome } = await sweep(BRACKETED, { seconds: drifting(TWICE) });
    const rec = answer(outcome);
    expect(rec.verdict).toBe('winner');
    expect(rec.choice?.key).toBe('colima/b/bind');
    expect(rec.roles?.[0]?.drift).toBeUndefined();
  });

  it('a step that falls on one setting’s both passes escapes the bracket, but not the control beside it', async () => {
    // The machine is 30 % slower while c is measured (both its passes, back to back in B B), and
    // as fast as ever for b's: the passes agree with themselves, so only the control tells.
    const noise = seededRandom(5);
    const stepped = (variant: string, setting: string) =>
      ({ b: 0.1, c: 0.1, '': 0.05 })[variant]! * (setting === 'c' ? 1.3 : 1) * (1 + (noise() - 0.5) * 0.02);
    const { outcome } = await sweep(BRACKETED, { seconds: stepped });
    const results = outcome.run?.results ?? [];
    // Each setting's result carries the control measured in its run; the host is no row of its own.
    expect(results.map((r) => r.backend.id)).toEqual(['colima/b/bind', 'colima/c/bind']);
    const [b, c] = results.map((r) => r.control?.mean ?? 0);
    expect(c / b).toBeCloseTo(1.3, 1);
    const rec = answer(outcome);
    expect(rec.verdict).toBe('no-measurable-difference');
    expect(rec.roles?.[0]?.drift).toMatchObject({ source: 'control' });
    // The bracket alone calls it: both of c's passes were slow alike.
    expect(answerOf(unguarded(outcome.run!, { passes: true })).verdict).toBe('winner');
    expect(rec.reason).toMatch(
      /^No measurable difference once the machine's own drift is taken out: the host baseline measured beside them, which no setting touches, was 1\.\d\d× apart/,
    );
  });
});
