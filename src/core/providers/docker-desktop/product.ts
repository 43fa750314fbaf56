// Talking to Docker Desktop itself: its version, whether it runs, stop and start. 4.37 brought
// `docker desktop start|stop|status`; older versions are quit and opened as a macOS app. Sources
// for every command and path: docs/product-facts.md (Docker Desktop).
import { versionFromPlatformName } from './platform-name';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { MountbenchError } from '../../../shared/errors';
import { versionAtLeast } from '../../vocab/version-compare';
import { pingSocket } from '../ping-socket';
import type { ProviderContext } from '../provider';
import { runProductCommand } from '../run-product-command';
import { appCandidates, engineSocket } from './paths';

export const CLI_CONTROL_SINCE = '4.37';

/** CFBundleShortVersionString from an XML Info.plist. */
export function versionFromPlist(text: string): string | null {
  const m = /<key>CFBundleShortVersionString<\/key>\s*<string>([^<]+)<\/string>/.exec(text);
  return m ? m[1].trim() : null;
}

export { versionFromPlatformName } from './platform-name';

export async function appInstalled(ctx: ProviderContext, launchPath: string | null): Promise<string | null> {
  for (const app of appCandidates(ctx.home, launchPath)) {
    try {
      await fs.access(path.join(app, 'Contents'));
      return app;
    } catch {
      // next
    }
  }
  return null;
}

export async function productVersion(
  ctx: ProviderContext,
  launchPath: string | null,
): Promise<string | null> {
  for (const app of appCandidates(ctx.home, launchPath)) {
    const text = await fs.readFile(path.join(app, 'Contents', 'Info.plist'), 'utf8').catch(() => null);
    const version = text ? versionFromPlist(text) : null;
    if (version) return version;
  }
  // Only a running Docker Desktop answers this; it is the fallback, not the first choice.
  const out = await runProductCommand(ctx, 'docker', ['version', '--format', '{{json .}}'], {
    timeoutMs: 15_000,
  }).catch(() => null);
  if (out?.code === 0) {
    try {
      const parsed = JSON.parse(out.stdout) as { Server?: { Platform?: { Name?: string } } };
      return versionFromPlatformName(parsed.Server?.Platform?.Name ?? '');
    } catch {
      return null;
    }
  }
  return null;
}

export function usesCli(version: string | null): boolean {
  // Unknown version: try the CLI; `status` tells us soon enough whether it exists.
  return version === null || versionAtLeast(version, CLI_CONTROL_SINCE);
}

/**
 * A pattern for `pgrep -f`: a process whose command line starts with an executable inside one of
 * the app bundles (anchored: a path merely mentioned in another process's arguments is no app).
 */
export function appProcessPattern(apps: readonly string[]): string {
  const escaped = apps.map((a) => a.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return `^(${escaped.join('|')})/Contents/`;
}

/**
 * Pids of processes running from the Docker.app bundle (the GUI, com.docker.backend, the VM
 * helpers). `docker desktop status` and a silent socket do not prove the app has quit: Resource
 * Saver stops the VM while the app runs on, and an app still running writes its settings back.
 * null: cannot tell (no pgrep).
 */
export async function appProcesses(
  ctx: ProviderContext,
  launchPath: string | null,
): Promise<number[] | null> {
  const out = await runProductCommand(
    ctx,
    'pgrep',
    ['-f', appProcessPattern(appCandidates(ctx.home, launchPath))],
    {
      timeoutMs: 15_000,
    },
  ).catch(() => null);
  // pgrep: 0 found, 1 none, anything else an error.
  if (!out || (out.code !== 0 && out.code !== 1)) return null;
  return out.stdout
    .split('\n')
    .map((l) => Number.parseInt(l.trim(), 10))
    .filter((n) => Number.isInteger(n) && n > 0);
}

export interface DesktopStatus {
  /** "running", "stopped", "starting"…, or "engine answers"/"engine silent" on the legacy route. */
  status: string;
  running: boolean;
  /** Fully quit (no process of the app left): safe to write the settings file. */
  stopped: boolean;
  /** The `docker desktop` CLI answered (so stop/start go through it). */
  viaCli: boolean;
}

export async function desktopStatus(
  ctx: ProviderContext,
  version: string | null,
  launchPath: string | null = null,
): Promise<DesktopStatus> {
  const reported = await reportedStatus(ctx, version);
  if (!reported.stopped) return reported;
  const pids = await appProcesses(ctx, launchPath);
  if (pids === null || pids.length === 0) return reported;
  return {
    ...reported,
    status: `${reported.status}, but the app still runs (pid ${pids.slice(0, 5).join(', ')})`,
    stopped: false,
  };
}

async function reportedStatus(ctx: ProviderContext, version: string | null): Promise<DesktopStatus> {
  const ping = await pingSocket(engineSocket(ctx.home));
  if (usesCli(version)) {
    const out = await runProductCommand(ctx, 'docker', ['desktop', 'status', '--format', 'json'], {
      timeoutMs: 30_000,
      readsState: true,
    }).catch(() => null);
    if (out?.code === 0) {
      let status = 'unknown';
      try {
        const parsed = JSON.parse(out.stdout) as { Status?: unknown; status?: unknown };
        status = String(parsed.Status ?? parsed.status ?? 'unknown').toLowerCase();
      } catch {
        status = out.stdout.trim().toLowerCase() || 'unknown';
      }
      return {
        status,
        running: status === 'running' && ping,
        stopped: status === 'stopped' && !ping,
        viaCli: true,
      };
    }
  }
  return { status: ping ? 'engine answers' : 'engine silent', running: ping, stopped: !ping, viaCli: false };
}

async function must(ctx: ProviderContext, cmd: string, args: string[], what: string): Promise<void> {
  const timeoutMs = 120_000;
  const out = await runProductCommand(ctx, cmd, args, { timeoutMs });
  if (out.code === null) {
    throw new MountbenchError(
      'ENGINE_UNREACHABLE',
      `${what} did not finish within ${timeoutMs / 1000} s (${cmd} ${args.join(' ')})`,
    );
  }
  if (out.code !== 0) {
    throw new MountbenchError(
      'ENGINE_UNREACHABLE',
      `${what} failed (${cmd} ${args.join(' ')} exited ${out.code}): ${out.stderr.trim() || out.stdout.trim()}`,
    );
  }
}

export async function stopDesktop(ctx: ProviderContext, viaCli: boolean): Promise<void> {
  if (viaCli) await must(ctx, 'docker', ['desktop', 'stop'], 'stopping Docker Desktop');
  else await must(ctx, 'osascript', ['-e', 'quit app "Docker"'], 'quitting Docker Desktop');
}

export async function startDesktop(ctx: ProviderContext, viaCli: boolean): Promise<void> {
  // Detached: waitReady does the waiting, with the sweep's timeout and progress.
  if (viaCli) await must(ctx, 'docker', ['desktop', 'start', '--detach'], 'starting Docker Desktop');
  else await must(ctx, 'open', ['-a', 'Docker'], 'opening Docker Desktop');
}
