// The one settings switch a sweep and an apply share, on a fake provider and a real journal in a
// temp folder: the order of its steps, what it refuses, and how putting back ends the journal,
// whether the restore works or not.
import { promises as fs } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Journal } from '../journal';
import { putEverythingBack, recordOriginals, switchVariant, type SwitchOptions } from './settings-switch';
import {
  FAKE_CONTEXT,
  fakeSwitchEngine,
  journalOnDisk,
  makeFakeSandbox,
  type FakeSandbox,
} from './test-support/fake-provider';
import type { SwitchEngine } from './switch-engine';

let sandbox: FakeSandbox;
let journal: Journal;
let calls: string[];

beforeEach(async () => {
  sandbox = await makeFakeSandbox({ variants: ['a', 'b'], current: 'a' });
  journal = await Journal.create(sandbox.ctx.dataDir, 'settings-switch test', { home: sandbox.ctx.home });
  calls = [];
});
afterEach(async () => {
  await journal.close();
  await sandbox.remove();
});

function options(engine: SwitchEngine = fakeSwitchEngine(sandbox)): SwitchOptions {
  const recording: SwitchEngine = {
    connect: (name, live, signal) => {
      calls.push(`connect ${name}`);
      return engine.connect(name, live, signal);
    },
    bindFsType: (docker, probe, onProgress) => {
      calls.push(`probe ${probe.variant} ${probe.probeId}`);
      return engine.bindFsType(docker, probe, onProgress);
    },
  };
  return {
    owner: 'sweep',
    image: 'mountbench/bench:offline',
    cacheDir: sandbox.cacheDir,
    probeId: 'probe0',
    signal: new AbortController().signal,
    onPhase: (phase) => calls.push(`phase ${phase}`),
    onProgress: (message) => calls.push(`progress ${message}`),
    engine: recording,
  };
}

describe('switchVariant and putEverythingBack', () => {
  it('announces, applies, waits, connects to the engine the product names, probes, verifies', async () => {
    await recordOriginals(sandbox.provider, sandbox.ctx, journal);
    const switched = await switchVariant(sandbox.provider, 'b', sandbox.ctx, journal, options());
    expect(calls).toEqual([
      'phase apply',
      'phase wait',
      `connect ${FAKE_CONTEXT}`,
      'phase verify',
      'probe b probe0',
    ]);
    expect(switched).toMatchObject({ fsType: 'fs-b', verdict: { ok: true, reported: 'b' } });
    expect(switched.resolved.engine.name).toBe(FAKE_CONTEXT);
    const [, applied] = sandbox.provider.actions;
    expect(applied).toMatchObject({ action: 'apply b' });
    expect(applied.journal.at(-1)).toBe('step sweep apply variant b');
  });

  it('hands back a verdict that did not take for the caller to judge', async () => {
    sandbox.provider.verify = async () => ({ ok: false, reported: 'a', message: 'still a' });
    const switched = await switchVariant(sandbox.provider, 'b', sandbox.ctx, journal, options());
    expect(switched.verdict).toEqual({ ok: false, reported: 'a', message: 'still a' });
  });

  it('refuses a product that names no engine once ready, before any probe', async () => {
    const detect = sandbox.provider.detect.bind(sandbox.provider);
    sandbox.provider.detect = async () => ({ ...(await detect()), engineName: null });
    await expect(switchVariant(sandbox.provider, 'b', sandbox.ctx, journal, options())).rejects.toMatchObject(
      {
        code: 'ENGINE_NOT_FOUND',
      },
    );
    expect(calls).toEqual(['phase apply', 'phase wait']);
  });

  it('puts everything back and ends the journal, so the next change may start', async () => {
    const before = await fs.readFile(sandbox.settingsFile, 'utf8');
    await recordOriginals(sandbox.provider, sandbox.ctx, journal);
    await switchVariant(sandbox.provider, 'b', sandbox.ctx, journal, options());
    expect(
      await putEverythingBack(sandbox.provider, sandbox.ctx, journal, 'apply', 'restored'),
    ).toBeUndefined();
    expect(await fs.readFile(sandbox.settingsFile, 'utf8')).toBe(before);
    expect((await journalOnDisk(journal.file)).at(-1)).toBe('end restored');
    const next = await Journal.create(sandbox.ctx.dataDir, 'the next change');
    await next.close();
  });

  it('a restore that fails says how to finish it and leaves the journal unfinished, its lock released', async () => {
    await recordOriginals(sandbox.provider, sandbox.ctx, journal);
    await switchVariant(sandbox.provider, 'b', sandbox.ctx, journal, options());
    sandbox.provider.restore = async () => {
      throw new Error('the product would not stop');
    };
    const problem = await putEverythingBack(sandbox.provider, sandbox.ctx, journal, 'sweep', 'completed');
    expect(problem).toBe('the product would not stop — run `mountbench restore` to try again');
    const records = await journalOnDisk(journal.file);
    expect(records.at(-1)).toBe('step sweep restore begin');
    expect(records).not.toContain('end completed');
    // Not BUSY: the lock is gone; refused because the journal still says what to put back.
    await expect(Journal.create(sandbox.ctx.dataDir, 'the next change')).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: expect.stringContaining('did not finish putting settings back'),
    });
  });
});
