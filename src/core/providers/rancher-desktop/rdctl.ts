// Talking to Rancher Desktop through rdctl (found on ctx.env.PATH): its release, its API (settings,
// backend state), start and shutdown. rdctl api prints the body on success; on an HTTP error it
// prints {"message":"400 Bad Request"} on stdout, the body on stderr, and exits 1.
import { MountbenchError } from '../../../shared/errors';
import type { ProviderContext } from '../provider';
import { runProductCommand, type CommandOptions, type CommandResult } from '../run-product-command';
import { settingsFromApi, type RdSettings } from './settings';
import { releaseFromRdctlVersion } from './settings-versions';

const API_TIMEOUT_MS = 30_000;

export async function rdctl(
  ctx: ProviderContext,
  args: string[],
  options: Pick<CommandOptions, 'timeoutMs' | 'oncePerOperation' | 'readsState'> = {},
): Promise<CommandResult> {
  return runProductCommand(ctx, 'rdctl', args, { timeoutMs: API_TIMEOUT_MS, ...options });
}

/** The Rancher Desktop release rdctl belongs to; null when rdctl is missing or says nothing useful. */
export async function rdRelease(ctx: ProviderContext): Promise<string | null> {
  const out = await rdctl(ctx, ['version'], { oncePerOperation: true }).catch(() => null);
  return out?.code === 0 ? releaseFromRdctlVersion(out.stdout) : null;
}

export interface BackendState {
  /** The API answered: the app runs. */
  reachable: boolean;
  /** STARTING, STARTED, DISABLED, STOPPING, STOPPED, ERROR… */
  vmState: string | null;
  /** What to show: the state, or why the API did not answer. */
  detail: string;
}

function firstLine(out: CommandResult): string {
  return (out.stderr.trim() || out.stdout.trim()).split('\n')[0] ?? '';
}

export async function backendState(ctx: ProviderContext): Promise<BackendState> {
  const out = await rdctl(ctx, ['api', '/v1/backend_state'], { readsState: true });
  if (out.code !== 0) return { reachable: false, vmState: null, detail: `not running (${firstLine(out)})` };
  try {
    const parsed = JSON.parse(out.stdout) as { vmState?: unknown };
    const vmState = typeof parsed.vmState === 'string' ? parsed.vmState : null;
    return { reachable: true, vmState, detail: vmState ?? 'unknown state' };
  } catch {
    return { reachable: true, vmState: null, detail: `unreadable backend state: ${out.stdout.trim()}` };
  }
}

/** The running app's settings; null when the app does not answer. */
export async function apiSettings(ctx: ProviderContext): Promise<RdSettings | null> {
  const out = await rdctl(ctx, ['api', '/v1/settings'], { readsState: true });
  if (out.code !== 0) return null;
  return settingsFromApi(out.stdout);
}

/** PUT /v1/settings; returns Rancher Desktop's answer, throws BAD_INPUT with its reasons on a refusal. */
export async function putSettings(ctx: ProviderContext, body: Record<string, unknown>): Promise<string> {
  const out = await rdctl(ctx, ['api', '-X', 'PUT', '/v1/settings', '-b', JSON.stringify(body)]);
  if (out.code === 0) return out.stdout.trim();
  const reasons = out.stderr.trim().replace(/^errors in attempt to update settings:\s*/i, '');
  throw new MountbenchError(
    'BAD_INPUT',
    `Rancher Desktop refused the settings (${out.stdout.trim() || `rdctl exited ${out.code}`}): ${reasons || firstLine(out)}`,
  );
}

/** `rdctl start` with settings flags: launches the app, which applies them as it starts. */
export async function startApp(ctx: ProviderContext, flags: string[]): Promise<void> {
  const out = await rdctl(ctx, ['start', ...flags], { timeoutMs: 120_000 });
  if (out.code !== 0)
    throw new MountbenchError(
      'ENGINE_UNREACHABLE',
      `rdctl start failed (exit ${out.code}): ${firstLine(out)}`,
    );
}

export async function shutdownApp(ctx: ProviderContext): Promise<void> {
  const out = await rdctl(ctx, ['shutdown'], { timeoutMs: 180_000 });
  if (out.code !== 0)
    throw new MountbenchError(
      'ENGINE_UNREACHABLE',
      `rdctl shutdown failed (exit ${out.code}): ${firstLine(out)}`,
    );
}
