// Talking to colima (found on ctx.env.PATH): its version, its profiles (`list --json`, one JSON
// object a line), a profile's status (`status -p P --json`), start, stop and delete.
import { MountbenchError } from '../../../shared/errors';
import { versionAtLeast } from '../../vocab/version-compare';
import type { ProviderContext } from '../provider';
import { runProductCommand, type CommandResult } from '../run-product-command';
import { DELETE_DATA_SINCE, TEMPLATE_FLAG_SINCE } from './variants';

export interface ColimaInstance {
  name: string;
  status: string;
  running: boolean;
}

export interface ColimaStatus {
  driver: string;
  mountType: string | null;
  /** null with a runtime other than docker: colima then prints no docker_socket (app/app.go). */
  dockerSocket: string | null;
  runtime: string | null;
}

function lastLine(out: CommandResult): string {
  const lines = (out.stderr.trim() || out.stdout.trim()).split('\n');
  return lines[lines.length - 1] ?? '';
}

export async function colimaVersion(ctx: ProviderContext): Promise<string | null> {
  const out = await runProductCommand(ctx, 'colima', ['version'], {
    timeoutMs: 30_000,
    oncePerOperation: true,
  }).catch(() => null);
  const m = out?.code === 0 ? /colima version\s+v?(\d+\.\d+(?:\.\d+)?)/.exec(out.stdout) : null;
  return m ? m[1] : null;
}

export async function listInstances(ctx: ProviderContext): Promise<ColimaInstance[]> {
  const out = await runProductCommand(ctx, 'colima', ['list', '--json'], {
    timeoutMs: 30_000,
    readsState: true,
  });
  if (out.code !== 0) throw new MountbenchError('ENGINE_UNREACHABLE', `colima list failed: ${lastLine(out)}`);
  const instances: ColimaInstance[] = [];
  for (const line of out.stdout.split('\n')) {
    if (!line.trim()) continue;
    try {
      const parsed = JSON.parse(line) as { name?: unknown; status?: unknown };
      if (typeof parsed.name !== 'string') continue;
      const status = typeof parsed.status === 'string' ? parsed.status : 'unknown';
      instances.push({ name: parsed.name, status, running: status.toLowerCase() === 'running' });
    } catch {
      throw new MountbenchError(
        'ENGINE_UNREACHABLE',
        `colima list --json printed something that is not JSON: ${line}`,
      );
    }
  }
  return instances;
}

/** The profile's status while it runs; null when it does not run (colima exits 1 then). */
export async function profileStatus(ctx: ProviderContext, profile: string): Promise<ColimaStatus | null> {
  const out = await runProductCommand(ctx, 'colima', ['status', '-p', profile, '--json'], {
    timeoutMs: 30_000,
    readsState: true,
  });
  if (out.code !== 0) return null;
  try {
    const parsed = JSON.parse(out.stdout) as {
      driver?: unknown;
      mount_type?: unknown;
      docker_socket?: unknown;
      runtime?: unknown;
    };
    return {
      driver: typeof parsed.driver === 'string' ? parsed.driver : 'unknown',
      mountType: typeof parsed.mount_type === 'string' ? parsed.mount_type : null,
      dockerSocket:
        typeof parsed.docker_socket === 'string' ? parsed.docker_socket.replace(/^unix:\/\//, '') : null,
      runtime: typeof parsed.runtime === 'string' ? parsed.runtime : null,
    };
  } catch {
    return null;
  }
}

async function must(ctx: ProviderContext, args: string[], what: string, timeoutMs: number): Promise<void> {
  const out = await runProductCommand(ctx, 'colima', args, { timeoutMs });
  if (out.code !== 0) {
    throw new MountbenchError(
      'ENGINE_UNREACHABLE',
      `${what} failed (colima ${args.join(' ')} exited ${out.code}): ${lastLine(out)}`,
    );
  }
}

export interface StartOptions {
  vmType?: string;
  mountType?: string;
  /** `--vm-type` exists on macOS 13 and later only. */
  vmTypeFlag?: boolean;
  /** colima's version, for the flags it has (null: unknown, taken as a current release). */
  version: string | null;
}

/**
 * Starts (creating if need be) a profile; colima waits for the VM itself. Never activates its
 * context. A new profile would start from the user's `_templates/default.yaml` (runtime, mounts,
 * provision scripts, Docker settings: cmd/start.go `prepareConfig`), so the runtime is always named
 * and the template is turned off where colima can (`--template`, 0.8.4 on; docs/product-facts.md).
 */
export function startProfile(ctx: ProviderContext, profile: string, options: StartOptions): Promise<void> {
  const args = ['start', '-p', profile, '--activate=false', '--runtime', 'docker'];
  if (options.version === null || versionAtLeast(options.version, TEMPLATE_FLAG_SINCE)) {
    args.push('--template=false');
  }
  // Without the flag (Linux, macOS 12) colima has QEMU only, the one type offered there.
  if (options.vmType && options.vmTypeFlag !== false) args.push('--vm-type', options.vmType);
  if (options.mountType) args.push('--mount-type', options.mountType);
  // A first start downloads the VM image: give it time.
  return must(ctx, args, `starting colima profile ${profile}`, 15 * 60_000);
}

export function stopProfile(ctx: ProviderContext, profile: string): Promise<void> {
  return must(ctx, ['stop', '-p', profile], `stopping colima profile ${profile}`, 5 * 60_000);
}

/** Since 0.9.0 the data disk stays without `--data`, and a re-created profile would reuse it. */
export function deleteProfile(ctx: ProviderContext, profile: string, version: string | null): Promise<void> {
  const args = ['delete', '-p', profile, '--force'];
  if (version === null || versionAtLeast(version, DELETE_DATA_SINCE)) args.push('--data');
  return must(ctx, args, `deleting colima profile ${profile}`, 5 * 60_000);
}
