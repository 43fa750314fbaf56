// applySetting with a fake provider and a real journal in a temp folder: a success keeps the new
// setting (journal finished, nothing restored, the docker CLI's context given back), a failure or a
// cancel puts the originals back, a no-op journals nothing. What the journal held when each action
// began is read from the file on disk.
import { promises as fs } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { applySetting } from './apply-setting';
import {
  USERS_CONTEXT,
  fakeSwitchEngine,
  journalOnDisk,
  makeFakeSandbox,
  type FakeBehaviour,
  type FakeSandbox,
} from './test-support/fake-provider';
import type { SwitchEngine } from './switch-engine';

let sandbox: FakeSandbox;
let original: string;

async function apply(
  variant: string,
  behaviour: Partial<FakeBehaviour> = {},
  engine: (base: SwitchEngine, controller: AbortController) => SwitchEngine = (base) => base,
) {
  sandbox = await makeFakeSandbox({ variants: ['a', 'b'], current: 'a', ...behaviour });
  original = await fs.readFile(sandbox.settingsFile, 'utf8');
  const controller = new AbortController();
  const phases: string[] = [];
  const result = await applySetting(sandbox.provider, variant, sandbox.ctx, {
    cacheDir: sandbox.cacheDir,
    signal: controller.signal,
    onEvent: (phase) => phases.push(phase),
    engine: engine(fakeSwitchEngine(sandbox), controller),
  });
  return { result, phases, actions: sandbox.provider.actions };
}

async function dockerContext(): Promise<unknown> {
  return (JSON.parse(await fs.readFile(sandbox.dockerConfig, 'utf8')) as { currentContext?: unknown })
    .currentContext;
}

afterEach(() => sandbox?.remove());

describe('applySetting with a fake provider and a temp-folder journal', () => {
  it('keeps a verified setting: originals and a step before the switch, no restore, the context given back', async () => {
    const { result, phases, actions } = await apply('b');
    expect(actions.map((a) => a.action)).toEqual(['capture', 'apply b']);
    expect(actions[1].journal.slice(-3)).toEqual([
      'file colima settings.json',
      'state colima running',
      'step apply apply variant b',
    ]);
    expect(phases).toEqual(['backup', 'apply', 'wait', 'verify']);
    expect(result).toMatchObject({ status: 'applied', fsType: 'fs-b', reported: 'b', restored: false });
    expect(JSON.parse(await fs.readFile(sandbox.settingsFile, 'utf8'))).toEqual({ sharing: 'b' });
    expect(await dockerContext()).toBe(USERS_CONTEXT);
    // The settings as they were stay in the backup the result names.
    expect(result.backups).toHaveLength(2);
    const settingsBackup = result.backups.find((b) => b.endsWith('settings.json'));
    expect(await fs.readFile(settingsBackup!, 'utf8')).toBe(original);
    const journal = await journalOnDisk(result.journal!);
    expect(journal.at(-1)).toBe('end completed');
    expect(journal).not.toContain('restored colima');
  });

  it('a setting that does not take is put back, and says so', async () => {
    const { result, phases, actions } = await apply('b', { landsElsewhere: ['b'] });
    expect(actions.map((a) => a.action)).toEqual(['capture', 'apply b', 'restore']);
    expect(actions[2].journal.at(-1)).toBe('step apply restore begin');
    expect(phases).toEqual(['backup', 'apply', 'wait', 'verify', 'restore']);
    expect(result).toMatchObject({ status: 'failed', restored: true, fsType: 'fs-elsewhere' });
    expect(result.message).toMatch(/did not take: .*The original settings were put back\.$/);
    expect(await fs.readFile(sandbox.settingsFile, 'utf8')).toBe(original);
    expect(await dockerContext()).toBe(USERS_CONTEXT);
    expect((await journalOnDisk(result.journal!)).at(-1)).toBe('end restored');
  });

  it('a product that fails to start is put back', async () => {
    const { result, actions } = await apply('b', { failStart: ['b'] });
    expect(actions.map((a) => a.action)).toEqual(['capture', 'apply b', 'restore']);
    expect(result).toMatchObject({ status: 'failed', restored: true });
    expect(await fs.readFile(sandbox.settingsFile, 'utf8')).toBe(original);
  });

  it('a cancel while waiting for the engine is put back, with no signal cutting the restore short', async () => {
    const { result, actions } = await apply('b', {}, (base, controller) => ({
      ...base,
      connect: (name, live, signal) => {
        controller.abort(new Error('cancelled by the test'));
        return base.connect(name, live, signal);
      },
    }));
    expect(actions.map((a) => a.action)).toEqual(['capture', 'apply b', 'restore']);
    expect(result).toMatchObject({ status: 'failed', restored: true });
    expect(result.message).toMatch(/^the switch was cancelled\. The original settings were put back\.$/);
    expect(await fs.readFile(sandbox.settingsFile, 'utf8')).toBe(original);
  });

  it('the setting already in place changes nothing and starts no journal', async () => {
    const { result, actions } = await apply('a');
    expect(result).toMatchObject({ status: 'unchanged', journal: null, restored: true });
    expect(actions).toEqual([]);
    await expect(fs.readdir(sandbox.ctx.dataDir)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
