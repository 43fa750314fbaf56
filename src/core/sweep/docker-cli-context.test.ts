import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Journal } from '../journal';
import type { ProviderContext } from '../providers/provider';
import { captureDockerContext, DOCKER_CLI_OWNER, restoreDockerContext } from './docker-cli-context';

let dir: string;
let ctx: ProviderContext;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mountbench-ctx-'));
  ctx = {
    env: { HOME: dir },
    home: dir,
    host: { platform: 'darwin', arch: 'arm64', macosVersion: '14.5' },
    dataDir: path.join(dir, 'data'),
  };
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the Docker CLI current context', () => {
  it('puts currentContext back, touching only that key', async () => {
    const file = path.join(dir, '.docker', 'config.json');
    mkdirSync(path.dirname(file), { recursive: true });
    const original = '{\n\t"auths": {},\n\t"currentContext": "colima"\n}';
    writeFileSync(file, original);
    const journal = await Journal.create(ctx.dataDir, 't');
    await captureDockerContext(ctx, journal);
    // The product switched it, and the user logged in meanwhile.
    writeFileSync(file, '{\n\t"auths": {"x": {}},\n\t"currentContext": "desktop-linux"\n}');
    await restoreDockerContext(ctx, journal.originals(DOCKER_CLI_OWNER), journal);
    expect(readFileSync(file, 'utf8')).toBe('{\n\t"auths": {"x": {}},\n\t"currentContext": "colima"\n}');
    await journal.close();
  });

  it('removes a context the user never had, and a config.json a product created just for it', async () => {
    const file = path.join(dir, '.docker', 'config.json');
    const journal = await Journal.create(ctx.dataDir, 't');
    await captureDockerContext(ctx, journal);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, '{\n\t"currentContext": "desktop-linux"\n}');
    await restoreDockerContext(ctx, journal.originals(DOCKER_CLI_OWNER), journal);
    expect(existsSync(file)).toBe(false);
    await journal.close();
  });

  it('honours DOCKER_CONFIG', async () => {
    const cfg = path.join(dir, 'elsewhere');
    mkdirSync(cfg);
    writeFileSync(path.join(cfg, 'config.json'), '{"currentContext": "default"}');
    const moved = { ...ctx, env: { HOME: dir, DOCKER_CONFIG: cfg } };
    const journal = await Journal.create(ctx.dataDir, 't');
    await captureDockerContext(moved, journal);
    writeFileSync(path.join(cfg, 'config.json'), '{"currentContext": "desktop-linux"}');
    await restoreDockerContext(moved, journal.originals(DOCKER_CLI_OWNER), journal);
    expect(readFileSync(path.join(cfg, 'config.json'), 'utf8')).toBe('{"currentContext": "default"}');
    await journal.close();
  });
});
