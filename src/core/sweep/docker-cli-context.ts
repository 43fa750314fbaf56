// The docker CLI's current context (`currentContext` in $DOCKER_CONFIG/config.json): products
// switch it to their own when they start (Docker Desktop to `desktop-linux`), so a sweep records
// it first and puts it back at the end. Journal owner: `docker-cli`.
import path from 'node:path';
import { promises as fs } from 'node:fs';
import { MountbenchError } from '../../shared/errors';
import { dockerConfigDir } from '../engines/docker-config';
import { restoreFile, type JournalHandle, type ProviderOriginals } from '../journal';
import type { ProviderContext } from '../providers/provider';
import { editJsonText, parseJsonSettings } from '../settings-files';
import { writeFileAtomic } from '../fs/atomic-write';

export const DOCKER_CLI_OWNER = 'docker-cli';

export function configFile(ctx: Pick<ProviderContext, 'env' | 'home'>): string {
  return path.join(dockerConfigDir(ctx.env, ctx.home), 'config.json');
}

export async function captureDockerContext(ctx: ProviderContext, journal: JournalHandle): Promise<void> {
  const file = configFile(ctx);
  try {
    await journal.recordFile(DOCKER_CLI_OWNER, file);
  } catch {
    // A symlinked config.json (dotfiles) cannot be backed up as a file; its context is still recorded.
  }
  const text = await fs.readFile(file, 'utf8').catch(() => null);
  let current: string | null = null;
  if (text !== null) {
    try {
      const value = parseJsonSettings(text, file).currentContext;
      current = typeof value === 'string' ? value : null;
    } catch {
      // An unreadable config.json is not ours to fix: with nothing on record, restore leaves it alone.
      return;
    }
  }
  await journal.recordState(DOCKER_CLI_OWNER, 'currentContext', current);
}

/** Puts `currentContext` back, touching only that key (the rest of config.json is the user's). */
export async function restoreDockerContext(
  ctx: ProviderContext,
  originals: ProviderOriginals,
  journal: JournalHandle,
): Promise<void> {
  const file = configFile(ctx);
  const original = originals.files.find((f) => f.path === file);
  if (!('currentContext' in originals.state)) return;
  const wanted = originals.state.currentContext;
  const text = await fs.readFile(file, 'utf8').catch(() => null);
  if (text === null) {
    // A product deleted config.json: the original bytes are the best answer.
    if (original?.existed) {
      await journal.step(DOCKER_CLI_OWNER, 'restore', 'write', 'config.json (was removed)');
      await restoreFile(original);
    }
    return;
  }
  let parsed: Record<string, unknown>;
  try {
    parsed = parseJsonSettings(text, file);
  } catch (err) {
    throw new MountbenchError(
      'FILE_INVALID',
      `cannot put the Docker context back: ${(err as Error).message}`,
    );
  }
  const now = typeof parsed.currentContext === 'string' ? parsed.currentContext : null;
  const target = typeof wanted === 'string' ? wanted : null;
  if (now === target) return;
  const next = editJsonText(text, [{ path: ['currentContext'], value: target ?? undefined }], file);
  await journal.step(
    DOCKER_CLI_OWNER,
    'restore',
    'write',
    `currentContext ${now ?? '(none)'} → ${target ?? '(none)'}`,
  );
  // A config.json a product created just to hold its context goes away again.
  if (original && !original.existed && Object.keys(parseJsonSettings(next, file)).length === 0) {
    await fs.rm(file, { force: true });
    return;
  }
  try {
    await writeFileAtomic(file, next);
  } catch (err) {
    throw new MountbenchError(
      'IO',
      `could not put the Docker context back (${(err as Error).message}); run \`docker context use ${target ?? 'default'}\``,
    );
  }
}
