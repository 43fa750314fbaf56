// A fake of Mountbench's own Provider interface (no product's stand-in: it models none of their
// rules), for unit tests of the order in which a sweep and an apply act. It keeps the rule book
// every provider keeps (originals journalled before a change, a journal step before each action,
// atomic writes), stores its one setting in a real file under a sandbox home, switches the docker
// CLI's context on start as products do, and records every action together with the journal
// records that were on disk when the action began: "journal step before every action" is then
// read off real files. It borrows the id `colima` only because provider ids are a closed list
// (results name them); nothing in the sweep or apply code it is used with branches on that id.
import Dockerode from 'dockerode';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MountbenchError } from '../../../shared/errors';
import type { DiscoveredEngine } from '../../../shared/engine';
import { journalDir, restoreFile, type JournalHandle, type ProviderOriginals } from '../../journal';
import type {
  ApplyPlan,
  Provider,
  ProviderContext,
  ProviderDetection,
  ProviderSettings,
  VariantSpec,
  VerifyResult,
} from '../../providers/provider';
import { writeFileAtomic } from '../../fs/atomic-write';
import { configFile } from '../docker-cli-context';
import type { SwitchEngine } from '../switch-engine';

/** What the fake's engine context is called; the docker CLI is switched to it on every start. */
export const FAKE_CONTEXT = 'fake-engine';
export const USERS_CONTEXT = 'users-context';

export interface FakeBehaviour {
  /** Variant ids, in order; each expects the bind fs type `fs-<id>`. */
  variants: string[];
  /** The variant the settings file holds at the start. */
  current: string;
  /** Variants whose start fails after the settings were written (as a VM that does not boot). */
  failStart?: string[];
  /** Variants the product reports but whose bind mount lands elsewhere (verify refuses). */
  landsElsewhere?: string[];
}

/** One action the fake took, and the journal records on disk when it began. */
export interface FakeAction {
  action: string;
  journal: string[];
}

/** A sandbox: a temp home with the fake's settings file and the docker CLI's config.json. */
export interface FakeSandbox {
  root: string;
  ctx: ProviderContext;
  cacheDir: string;
  provider: FakeProvider;
  settingsFile: string;
  dockerConfig: string;
  remove(): Promise<void>;
}

function lineOf(record: Record<string, unknown>): string {
  switch (record.type) {
    case 'step':
      return `step ${String(record.owner)} ${String(record.phase)} ${String(record.action)}${record.detail ? ` ${String(record.detail)}` : ''}`;
    case 'file':
      return `file ${String(record.owner)} ${path.basename(String(record.path))}`;
    case 'state':
      return `state ${String(record.owner)} ${String(record.key)}`;
    case 'restored':
      return `restored ${String(record.owner)}`;
    case 'end':
      return `end ${String(record.status)}`;
    default:
      return String(record.type);
  }
}

/** The journal's records as they are on disk right now, one short line each. */
export async function journalOnDisk(file: string): Promise<string[]> {
  const text = await fs.readFile(file, 'utf8');
  return text
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => lineOf(JSON.parse(l) as Record<string, unknown>));
}

export class FakeProvider implements Provider {
  readonly id = 'colima' as const;
  readonly label = 'Fake product';
  readonly actions: FakeAction[] = [];
  running = true;

  constructor(
    readonly settingsFile: string,
    private readonly behaviour: FakeBehaviour,
  ) {}

  private async act(ctx: ProviderContext, journal: JournalHandle, action: string): Promise<void> {
    const file = path.join(journalDir(ctx.dataDir), `${journal.id}.jsonl`);
    this.actions.push({ action, journal: await journalOnDisk(file) });
  }

  private async variantNow(): Promise<string | null> {
    const text = await fs.readFile(this.settingsFile, 'utf8').catch(() => null);
    if (text === null) return null;
    const value = (JSON.parse(text) as { sharing?: unknown }).sharing;
    return typeof value === 'string' ? value : null;
  }

  async detect(): Promise<ProviderDetection> {
    const current = await this.variantNow();
    return {
      id: this.id,
      label: this.label,
      installed: true,
      version: '1.0.0',
      running: this.running,
      currentVariant: current,
      currentSetting: current,
      settingsFile: this.settingsFile,
      engineName: FAKE_CONTEXT,
      problems: [],
    };
  }

  async readSettings(): Promise<ProviderSettings> {
    const variant = await this.variantNow();
    return { source: this.settingsFile, formatVersion: 1, values: { sharing: variant }, variant };
  }

  async listVariants(): Promise<VariantSpec[]> {
    return this.behaviour.variants.map((id) => ({
      id,
      label: `sharing ${id}`,
      available: true,
      affects: ['bind'],
      expectedFsTypes: [`fs-${id}`],
      bindFlags: [],
      notes: [],
    }));
  }

  async planApply(_ctx: ProviderContext, variant: string): Promise<ApplyPlan> {
    if (!this.behaviour.variants.includes(variant))
      throw new MountbenchError('BAD_INPUT', `unknown variant ${variant}`);
    const now = await this.variantNow();
    return {
      variant,
      changes: now !== variant,
      // Not restarting keeps the dry run from listing containers on an engine (there is none).
      restarts: false,
      writes: now === variant ? [] : [{ key: 'sharing', from: now, to: variant }],
      estimatedSeconds: 1,
      notes: [],
    };
  }

  async captureOriginals(ctx: ProviderContext, journal: JournalHandle): Promise<void> {
    await this.act(ctx, journal, 'capture');
    await journal.recordFile(this.id, this.settingsFile);
    await journal.recordState(this.id, 'running', this.running);
  }

  async apply(ctx: ProviderContext, variant: string, journal: JournalHandle): Promise<void> {
    await this.act(ctx, journal, `apply ${variant}`);
    await journal.step(this.id, 'apply', 'write', variant);
    await writeFileAtomic(this.settingsFile, `${JSON.stringify({ sharing: variant })}\n`);
    await journal.step(this.id, 'apply', 'start');
    this.running = true;
    // A product's start points the docker CLI at its own engine.
    const config = configFile(ctx);
    const text = await fs.readFile(config, 'utf8');
    await writeFileAtomic(
      config,
      JSON.stringify({ ...JSON.parse(text), currentContext: FAKE_CONTEXT }, null, 2),
    );
    if (this.behaviour.failStart?.includes(variant))
      throw new MountbenchError('ENGINE_UNREACHABLE', `the fake product did not start with ${variant}`);
  }

  async waitReady(): Promise<void> {}

  async verify(_ctx: ProviderContext, variant: string, observedFsType: string | null): Promise<VerifyResult> {
    const reported = await this.variantNow();
    const ok = reported === variant && observedFsType === `fs-${variant}`;
    return ok
      ? { ok, reported }
      : { ok, reported, message: `bind mounts land on ${observedFsType ?? 'nothing'}, not fs-${variant}` };
  }

  async restore(ctx: ProviderContext, originals: ProviderOriginals, journal: JournalHandle): Promise<void> {
    await this.act(ctx, journal, 'restore');
    for (const original of originals.files) {
      await journal.step(this.id, 'restore', 'write', path.basename(original.path));
      await restoreFile(original);
    }
    if (typeof originals.state.running === 'boolean') this.running = originals.state.running;
  }

  /** What a bind mount shows under the setting the file holds now, as the product would serve it. */
  async bindFsTypeNow(): Promise<string> {
    const variant = await this.variantNow();
    return this.behaviour.landsElsewhere?.includes(variant ?? '') ? 'fs-elsewhere' : `fs-${variant}`;
  }
}

/**
 * The switch's engine side for the fake: the engine the product names, and the fs type its
 * current setting serves. The Dockerode client points at a socket that does not exist, so any
 * call that reached an engine would fail the test rather than pass unseen.
 */
export function fakeSwitchEngine(sandbox: Pick<FakeSandbox, 'root' | 'provider'>): SwitchEngine {
  return {
    async connect(engineName, _live, signal) {
      // As discovery does with its signal: a cancel ends the wait for the engine.
      signal.throwIfAborted();
      const socketPath = path.join(sandbox.root, 'no-engine.sock');
      const engine: DiscoveredEngine = {
        name: engineName,
        endpoint: `unix://${socketPath}`,
        source: 'context',
        provider: sandbox.provider.id,
        current: true,
        reachable: true,
        serverVersion: '0.0.0-fake',
      };
      return { engine, docker: new Dockerode({ socketPath }) };
    },
    bindFsType: () => sandbox.provider.bindFsTypeNow(),
  };
}

export async function makeFakeSandbox(behaviour: FakeBehaviour): Promise<FakeSandbox> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'mb-fake-provider-'));
  const home = path.join(root, 'home');
  const settingsFile = path.join(home, '.fake-product', 'settings.json');
  await fs.mkdir(path.dirname(settingsFile), { recursive: true });
  await fs.writeFile(settingsFile, `${JSON.stringify({ sharing: behaviour.current })}\n`);
  const ctx: ProviderContext = {
    env: { HOME: home, PATH: path.join(root, 'bin') },
    home,
    host: { platform: 'darwin', arch: 'arm64', macosVersion: '15.1' },
    dataDir: path.join(root, 'data'),
  };
  const dockerConfig = configFile(ctx);
  await fs.mkdir(path.dirname(dockerConfig), { recursive: true });
  await fs.writeFile(
    dockerConfig,
    `${JSON.stringify({ auths: {}, currentContext: USERS_CONTEXT }, null, 2)}\n`,
  );
  return {
    root,
    ctx,
    cacheDir: path.join(root, 'cache'),
    provider: new FakeProvider(settingsFile, behaviour),
    settingsFile,
    dockerConfig,
    remove: () => fs.rm(root, { recursive: true, force: true }),
  };
}
