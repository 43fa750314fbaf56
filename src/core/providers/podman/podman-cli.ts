// Talking to the podman CLI (found on ctx.env.PATH) about machines. Every call names its provider
// in CONTAINERS_MACHINE_PROVIDER, as `podman machine` only sees the machines of the provider it
// runs with (cmd/podman/machine/list.go: `--all-providers` came in 5.3). Outputs are checked: JSON
// of the expected shape or an error naming the command.
import { z } from 'zod';
import { MountbenchError } from '../../../shared/errors';
import type { ProviderContext } from '../provider';
import { runProductCommand, type CommandResult } from '../run-product-command';
import type { MachineProvider } from './machine-provider';

export interface PodmanMachine {
  name: string;
  provider: MachineProvider;
  running: boolean;
  starting: boolean;
}

export interface MachineInspect {
  name: string;
  state: string;
  /** `.ConnectionInfo.PodmanSocket.Path`: the Docker-compatible API socket. */
  socket: string | null;
}

const listSchema = z
  .array(
    z.object({
      Name: z.string().min(1).max(255),
      Running: z.boolean().optional(),
      Starting: z.boolean().optional(),
    }),
  )
  .max(256)
  .nullable();

const inspectSchema = z
  .array(
    z.object({
      Name: z.string().min(1).max(255),
      State: z.string().max(64).optional(),
      ConnectionInfo: z
        .object({
          PodmanSocket: z
            .object({ Path: z.string().max(4096) })
            .nullable()
            .optional(),
        })
        .optional(),
    }),
  )
  .max(256);

function lastLine(out: CommandResult): string {
  const lines = (out.stderr.trim() || out.stdout.trim()).split('\n');
  return lines[lines.length - 1] ?? '';
}

function withProvider(ctx: ProviderContext, provider: MachineProvider): ProviderContext {
  return { ...ctx, env: { ...ctx.env, CONTAINERS_MACHINE_PROVIDER: provider } };
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new MountbenchError('ENGINE_UNREACHABLE', `${what} printed something that is not JSON`);
  }
}

export async function podmanVersion(ctx: ProviderContext): Promise<string | null> {
  const out = await runProductCommand(ctx, 'podman', ['--version'], {
    timeoutMs: 30_000,
    oncePerOperation: true,
  }).catch(() => null);
  const m = out?.code === 0 ? /podman version\s+v?(\d+\.\d+(?:\.\d+)?)/.exec(out.stdout) : null;
  return m ? m[1] : null;
}

export async function listMachines(
  ctx: ProviderContext,
  provider: MachineProvider,
): Promise<PodmanMachine[]> {
  const args = ['machine', 'list', '--format', 'json'];
  const out = await runProductCommand(withProvider(ctx, provider), 'podman', args, {
    timeoutMs: 30_000,
    readsState: true,
  });
  const what = `CONTAINERS_MACHINE_PROVIDER=${provider} podman ${args.join(' ')}`;
  if (out.code !== 0) throw new MountbenchError('ENGINE_UNREACHABLE', `${what} failed: ${lastLine(out)}`);
  const parsed = listSchema.safeParse(parseJson(out.stdout.trim() || '[]', what));
  if (!parsed.success) throw new MountbenchError('ENGINE_UNREACHABLE', `${what} printed an unexpected list`);
  return (parsed.data ?? []).map((m) => ({
    name: m.Name,
    provider,
    running: m.Running === true,
    starting: m.Starting === true,
  }));
}

/** The machine as `podman machine inspect` reports it; null when the provider has no such machine. */
export async function inspectMachine(
  ctx: ProviderContext,
  provider: MachineProvider,
  name: string,
): Promise<MachineInspect | null> {
  const args = ['machine', 'inspect', name];
  const out = await runProductCommand(withProvider(ctx, provider), 'podman', args, {
    timeoutMs: 30_000,
    readsState: true,
  });
  if (out.code !== 0) return null;
  const parsed = inspectSchema.safeParse(parseJson(out.stdout, `podman ${args.join(' ')}`));
  const found = parsed.success ? parsed.data.find((m) => m.Name === name) : undefined;
  if (!found) return null;
  return { name, state: found.State ?? 'unknown', socket: found.ConnectionInfo?.PodmanSocket?.Path ?? null };
}

async function must(
  ctx: ProviderContext,
  provider: MachineProvider,
  args: string[],
  what: string,
  timeoutMs: number,
): Promise<void> {
  const out = await runProductCommand(withProvider(ctx, provider), 'podman', args, { timeoutMs });
  if (out.code !== 0) {
    throw new MountbenchError(
      'ENGINE_UNREACHABLE',
      `${what} failed (CONTAINERS_MACHINE_PROVIDER=${provider} podman ${args.join(' ')} exited ${out.code}): ${lastLine(out)}`,
    );
  }
}

/**
 * Creates a machine. Its volumes are fixed here (`-v`, pkg/machine/shim/volume.go): they are always
 * named, so the user's `[machine] volumes` in containers.conf decide nothing of a bench machine.
 * A first init downloads the machine image: give it time.
 */
export function initMachine(
  ctx: ProviderContext,
  provider: MachineProvider,
  name: string,
  volumes: readonly string[],
): Promise<void> {
  const args = ['machine', 'init', ...volumes.flatMap((v) => ['--volume', v]), name];
  return must(ctx, provider, args, `creating Podman machine ${name}`, 20 * 60_000);
}

export function startMachine(ctx: ProviderContext, provider: MachineProvider, name: string): Promise<void> {
  return must(ctx, provider, ['machine', 'start', name], `starting Podman machine ${name}`, 10 * 60_000);
}

export function stopMachine(ctx: ProviderContext, provider: MachineProvider, name: string): Promise<void> {
  return must(ctx, provider, ['machine', 'stop', name], `stopping Podman machine ${name}`, 5 * 60_000);
}

/** `rm -f`: no prompt; removes the machine's files, disk image and system connections. */
export function removeMachine(ctx: ProviderContext, provider: MachineProvider, name: string): Promise<void> {
  return must(ctx, provider, ['machine', 'rm', '-f', name], `removing Podman machine ${name}`, 5 * 60_000);
}
