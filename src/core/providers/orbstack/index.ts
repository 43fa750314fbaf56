// OrbStack as a provider: it has no file-sharing setting to choose (VirtioFS with its own caching),
// so it is detected and measured as it is. Its one "variant" only makes sure it runs; it is put back
// to stopped afterwards when it was stopped before.
import path from 'node:path';
import { promises as fs } from 'node:fs';
import { MountbenchError } from '../../../shared/errors';
import { findExecutable } from '../../vocab/find-executable';
import { pingSocket } from '../ping-socket';
import {
  DEFAULT_READY_TIMEOUT_MS,
  type Provider,
  type ProviderContext,
  type VariantSpec,
  type WaitOptions,
} from '../provider';
import { runProductCommand } from '../run-product-command';
import { waitUntil } from '../wait-until';

const ID = 'orbstack' as const;
const LABEL = 'OrbStack';
export const AS_IS = 'as-is';
const CONTEXT = 'orbstack';

const socketOf = (home: string) => path.join(home, '.orbstack', 'run', 'docker.sock');

async function installed(ctx: ProviderContext): Promise<boolean> {
  if (await findExecutable('orb', ctx.env)) return true;
  for (const p of [
    path.join(ctx.home, '.orbstack'),
    path.join(ctx.home, 'Applications', 'OrbStack.app'),
    '/Applications/OrbStack.app',
  ]) {
    if (
      await fs.access(p).then(
        () => true,
        () => false,
      )
    )
      return true;
  }
  return false;
}

async function version(ctx: ProviderContext): Promise<string | null> {
  const out = await runProductCommand(ctx, 'orb', ['version'], {
    timeoutMs: 30_000,
    oncePerOperation: true,
  }).catch(() => null);
  const m = out?.code === 0 ? /Version:\s*v?(\d+(?:\.\d+)+)/i.exec(out.stdout) : null;
  return m ? m[1] : null;
}

const running = (ctx: ProviderContext) => pingSocket(socketOf(ctx.home));

async function orb(ctx: ProviderContext, command: 'start' | 'stop'): Promise<void> {
  const out = await runProductCommand(ctx, 'orb', [command], { timeoutMs: 180_000 });
  if (out.code !== 0) {
    throw new MountbenchError(
      'ENGINE_UNREACHABLE',
      `orb ${command} failed (exit ${out.code}): ${out.stderr.trim() || out.stdout.trim()}`,
    );
  }
}

async function variants(ctx: ProviderContext): Promise<VariantSpec[]> {
  const here = await installed(ctx);
  const reason = !here
    ? 'OrbStack is not installed'
    : ctx.host.platform !== 'darwin'
      ? 'OrbStack runs on macOS only'
      : undefined;
  return [
    {
      id: AS_IS,
      label: 'OrbStack (as it is)',
      available: reason === undefined,
      ...(reason ? { reason } : {}),
      affects: ['bind'],
      // Unconfirmed what /proc/mounts shows for OrbStack bind mounts: not checked.
      expectedFsTypes: [],
      bindFlags: [],
      notes: ['OrbStack has no file-sharing setting to switch: it is measured as it is'],
    },
  ];
}

async function requireAsIs(ctx: ProviderContext, variant: string): Promise<void> {
  const [v] = await variants(ctx);
  if (variant !== AS_IS)
    throw new MountbenchError('BAD_INPUT', `${LABEL} has no variant "${variant}"; known: ${AS_IS}`);
  if (!v.available) throw new MountbenchError('BAD_INPUT', `${LABEL} is unavailable here: ${v.reason}`);
}

async function waitReady(ctx: ProviderContext, options: WaitOptions = {}): Promise<void> {
  await waitUntil(
    `${LABEL} to be ready`,
    async () => {
      const up = await running(ctx);
      return { done: up, status: up ? 'the Docker socket answers' : 'the Docker socket does not answer' };
    },
    {
      timeoutMs: options.timeoutMs ?? DEFAULT_READY_TIMEOUT_MS,
      signal: options.signal ?? ctx.signal,
      onProgress: options.onProgress,
      intervalMs: 500,
    },
  );
}

export const orbstackProvider: Provider = {
  id: ID,
  label: LABEL,

  async detect(ctx) {
    const here = await installed(ctx);
    const up = here ? await running(ctx) : false;
    return {
      id: ID,
      label: LABEL,
      installed: here,
      version: here ? await version(ctx) : null,
      running: up,
      currentVariant: here ? AS_IS : null,
      currentSetting: here ? 'VirtioFS with OrbStack’s own caching (nothing to choose)' : null,
      settingsFile: null,
      engineName: here ? CONTEXT : null,
      problems: [],
    };
  },

  async readSettings(ctx) {
    if (!(await installed(ctx))) throw new MountbenchError('NOT_INSTALLED', `${LABEL} is not installed`);
    return {
      source: 'none (OrbStack has no file-sharing settings)',
      formatVersion: null,
      values: {},
      variant: AS_IS,
    };
  },

  listVariants: variants,

  async planApply(ctx, variant) {
    await requireAsIs(ctx, variant);
    const up = await running(ctx);
    return {
      variant,
      changes: !up,
      restarts: false,
      writes: [],
      estimatedSeconds: up ? 0 : 20,
      notes: up ? [] : ['OrbStack is started for the sweep and stopped again afterwards.'],
    };
  },

  async captureOriginals(ctx, journal) {
    await journal.recordState(ID, 'running', await running(ctx));
  },

  async apply(ctx, variant, journal) {
    await requireAsIs(ctx, variant);
    if (await running(ctx)) return;
    await journal.step(ID, 'apply', 'start');
    await orb(ctx, 'start');
  },

  waitReady,

  async verify(ctx, variant) {
    if (variant !== AS_IS)
      return { ok: false, reported: null, message: `${LABEL} has no variant "${variant}"` };
    const up = await running(ctx);
    return up
      ? { ok: true, reported: 'OrbStack (as it is)' }
      : { ok: false, reported: null, message: 'OrbStack does not answer on ~/.orbstack/run/docker.sock' };
  },

  async restore(ctx, originals, journal) {
    if (originals.state.running === false && (await running(ctx))) {
      await journal.step(ID, 'restore', 'stop', 'it was not running before');
      await orb(ctx, 'stop');
    }
  },
};
