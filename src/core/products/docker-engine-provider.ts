// The plain Docker Engine (Linux) behind the one provider interface. It owns no settings file: its
// variants (`native`, `fuse`) are made per backend by the runner (docker-engine.ts), so apply and
// restore change nothing on the machine and verify only checks the filesystem the container saw.
import { discoverEngines } from '../engines';
import type { DiscoveredEngine } from '../../shared/engine';
import { dockerEngineVariants } from '../providers/docker-engine';
import {
  DEFAULT_READY_TIMEOUT_MS,
  type Provider,
  type ProviderContext,
  type VariantSpec,
} from '../providers/provider';
import { waitUntil } from '../providers/wait-until';
import { requireAvailableVariant } from '../providers/require-variant';

const ID = 'docker-engine' as const;

async function findEngine(ctx: ProviderContext): Promise<DiscoveredEngine | null> {
  const engines = await discoverEngines({ env: ctx.env, home: ctx.home, signal: ctx.signal });
  const plain = engines.filter((e) => e.provider === ID);
  return plain.find((e) => e.reachable && e.current) ?? plain.find((e) => e.reachable) ?? plain[0] ?? null;
}

async function variants(): Promise<VariantSpec[]> {
  return (await dockerEngineVariants()).map((v) => ({
    ...v,
    // Native bind mounts show the host folder's own filesystem (ext4, xfs, overlay…): any non-FUSE type.
    expectedFsTypes: v.id === 'fuse' ? ['fuse.bindfs', 'fuse'] : [],
    bindFlags: [],
    notes: v.id === 'fuse' ? ['a FUSE passthrough (bindfs) standing in for a slower file share'] : [],
  }));
}

async function known(id: string): Promise<VariantSpec> {
  return requireAvailableVariant('the plain Docker Engine', await variants(), id);
}

export const dockerEngineProvider: Provider = {
  id: ID,
  label: 'Docker Engine',

  async detect(ctx) {
    const engine = await findEngine(ctx);
    return {
      id: ID,
      label: 'Docker Engine',
      installed: engine !== null,
      version: engine?.serverVersion ?? null,
      running: engine ? engine.reachable : false,
      currentVariant: engine ? 'native' : null,
      currentSetting: engine ? 'bind mounts served natively (fuse: through bindfs, per run)' : null,
      settingsFile: null,
      engineName: engine?.name ?? null,
      problems: engine && !engine.reachable && engine.error ? [engine.error] : [],
    };
  },

  async readSettings() {
    return {
      source: 'none (the plain engine has no file-sharing settings)',
      formatVersion: null,
      values: {},
      variant: 'native',
    };
  },

  listVariants: () => variants(),

  async planApply(_ctx, variant) {
    await known(variant);
    return { variant, changes: false, restarts: false, writes: [], estimatedSeconds: 0, notes: [] };
  },

  async captureOriginals() {
    // Nothing on the machine changes: no originals to keep.
  },

  async apply(_ctx, variant) {
    await known(variant);
  },

  async waitReady(ctx, options = {}) {
    await waitUntil(
      'the Docker Engine to answer',
      async () => {
        const engine = await findEngine(ctx);
        return {
          done: Boolean(engine?.reachable),
          status: engine ? (engine.reachable ? 'answers' : (engine.error ?? 'silent')) : 'not found',
        };
      },
      {
        timeoutMs: options.timeoutMs ?? DEFAULT_READY_TIMEOUT_MS,
        signal: options.signal ?? ctx.signal,
        onProgress: options.onProgress,
      },
    );
  },

  async verify(_ctx, variant, observedFsType) {
    await known(variant);
    const reported = `${variant} (made by Mountbench per run)`;
    if (!observedFsType)
      return {
        ok: false,
        reported,
        message: 'the bench container reported no filesystem type for its bind mount',
      };
    const fuse = observedFsType.startsWith('fuse');
    if (variant === 'fuse' && !fuse)
      return {
        ok: false,
        reported,
        message: `the fuse variant's bind mount is on ${observedFsType}, not a FUSE filesystem`,
      };
    if (variant === 'native' && fuse)
      return {
        ok: false,
        reported,
        message: `the native variant's bind mount is on ${observedFsType}, a FUSE filesystem`,
      };
    return { ok: true, reported };
  },

  async restore() {
    // Nothing was changed on the machine; the runner removes its FUSE mounts itself.
  },
};
