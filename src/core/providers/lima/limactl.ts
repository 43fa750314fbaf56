// Talking to limactl (found on ctx.env.PATH): its version, its instances (`list --json`, one JSON
// object a line, each with its resolved config), and the commands that change an instance: create,
// start, stop, edit --mount-type, delete. Everything it prints is untrusted: lines are bounded and
// fields are checked one by one.
import path from 'node:path';
import { MountbenchError } from '../../../shared/errors';
import type { ProviderContext } from '../provider';
import { runProductCommand, type CommandResult } from '../run-product-command';
import type { NinePOptions, VariantDef } from './variants';

export interface LimaInstance {
  name: string;
  status: string;
  running: boolean;
  dir: string;
  vmType: string;
  mountType: string | null;
  /** The first mount's 9p options as Lima resolved them (Mountbench sets every mount alike). */
  ninep: Partial<NinePOptions> | null;
  /** `<dir>/sock/docker.sock` when the instance forwards a Docker socket there (the docker template). */
  dockerSocket: string | null;
}

/** A JSON line longer than this is not an instance Mountbench can read (a config is a few KiB). */
const MAX_LINE = 1 << 20;
const INSTANCE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/;

function lastLine(out: CommandResult): string {
  const lines = (out.stderr.trim() || out.stdout.trim()).split('\n');
  return lines[lines.length - 1] ?? '';
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const obj = (v: unknown): Record<string, unknown> | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

export async function limaVersion(ctx: ProviderContext): Promise<string | null> {
  const out = await runProductCommand(ctx, 'limactl', ['--version'], {
    timeoutMs: 30_000,
    oncePerOperation: true,
  }).catch(() => null);
  const m = out?.code === 0 ? /limactl version\s+v?(\d+\.\d+(?:\.\d+)?)/.exec(out.stdout) : null;
  return m ? m[1] : null;
}

/** The docker template forwards the guest's socket to `{{.Dir}}/sock/docker.sock`. */
function dockerSocketOf(dir: string, config: Record<string, unknown> | null): string | null {
  const forwards = Array.isArray(config?.portForwards) ? config.portForwards : [];
  const expected = path.join(dir, 'sock', 'docker.sock');
  for (const f of forwards) {
    const host = str(obj(f)?.hostSocket);
    if (host === null) continue;
    if (host === expected || host === '{{.Dir}}/sock/docker.sock') return expected;
  }
  return null;
}

export function parseInstanceLine(line: string): LimaInstance | null {
  if (line.length > MAX_LINE) {
    throw new MountbenchError('ENGINE_UNREACHABLE', 'limactl list --json printed a line over 1 MiB');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    throw new MountbenchError(
      'ENGINE_UNREACHABLE',
      `limactl list --json printed something that is not JSON: ${line.slice(0, 200)}`,
    );
  }
  const o = obj(parsed);
  const name = str(o?.name);
  const dir = str(o?.dir);
  if (!o || name === null || !INSTANCE_NAME.test(name) || dir === null || !path.isAbsolute(dir)) return null;
  const config = obj(o.config);
  const firstMount = Array.isArray(config?.mounts) ? obj(config.mounts[0]) : null;
  const ninep = obj(firstMount?.['9p']);
  const status = str(o.status) ?? 'Unknown';
  return {
    name,
    status,
    running: status === 'Running',
    dir,
    vmType: str(o.vmType) ?? str(config?.vmType) ?? 'unknown',
    mountType: str(config?.mountType),
    ninep: ninep
      ? {
          ...(str(ninep.msize) ? { msize: str(ninep.msize)! } : {}),
          ...(str(ninep.cache) ? { cache: str(ninep.cache)! } : {}),
        }
      : null,
    dockerSocket: dockerSocketOf(dir, config),
  };
}

export async function listInstances(ctx: ProviderContext): Promise<LimaInstance[]> {
  const out = await runProductCommand(ctx, 'limactl', ['list', '--json'], {
    timeoutMs: 30_000,
    readsState: true,
  });
  if (out.code !== 0)
    throw new MountbenchError('ENGINE_UNREACHABLE', `limactl list failed: ${lastLine(out)}`);
  const instances: LimaInstance[] = [];
  for (const line of out.stdout.split('\n')) {
    if (!line.trim()) continue;
    const instance = parseInstanceLine(line);
    if (instance) instances.push(instance);
  }
  return instances;
}

async function must(ctx: ProviderContext, args: string[], what: string, timeoutMs: number): Promise<void> {
  const out = await runProductCommand(ctx, 'limactl', args, { timeoutMs });
  if (out.code !== 0) {
    throw new MountbenchError(
      'ENGINE_UNREACHABLE',
      `${what} failed (limactl ${args.join(' ')} exited ${out.code}): ${lastLine(out)}`,
    );
  }
}

/** `--set` expressions for 9p's options on every mount (yq, as `limactl edit --set` takes them). */
function ninepSet(ninep: NinePOptions): string[] {
  return ['--set', `.mounts[].9p.msize = "${ninep.msize}" | .mounts[].9p.cache = "${ninep.cache}"`];
}

/**
 * A bench instance from the docker template, not started. Its mounts are made writable: the
 * template's home mount is read-only, and the write workloads need to write.
 */
export function createInstance(ctx: ProviderContext, name: string, d: VariantDef): Promise<void> {
  const args = ['create', '--tty=false', `--name=${name}`, `--vm-type=${d.vmType}`];
  args.push(`--mount-type=${d.mountType}`, '--mount-writable');
  if (d.ninep) args.push(...ninepSet(d.ninep));
  args.push('template:docker');
  // A first create downloads the VM image: give it time.
  return must(ctx, args, `creating Lima instance ${name}`, 15 * 60_000);
}

/** Lima refuses to edit a running instance: the caller stops it first. */
export function editMountType(ctx: ProviderContext, name: string, d: VariantDef): Promise<void> {
  const args = ['edit', '--tty=false', `--mount-type=${d.mountType}`];
  if (d.ninep) args.push(...ninepSet(d.ninep));
  args.push(name);
  return must(ctx, args, `editing the mount type of Lima instance ${name}`, 60_000);
}

export function startInstance(ctx: ProviderContext, name: string): Promise<void> {
  return must(ctx, ['start', '--tty=false', name], `starting Lima instance ${name}`, 15 * 60_000);
}

export function stopInstance(ctx: ProviderContext, name: string): Promise<void> {
  return must(ctx, ['stop', name], `stopping Lima instance ${name}`, 5 * 60_000);
}

export function deleteInstance(ctx: ProviderContext, name: string): Promise<void> {
  return must(ctx, ['delete', '--force', name], `deleting Lima instance ${name}`, 5 * 60_000);
}
