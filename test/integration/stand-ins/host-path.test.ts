// The stand-in sandboxes must not meet what this machine has installed: a product CLI on the host's
// PATH (qemu-img from Homebrew beside colima, a real limactl or podman) is taken out of theirs.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pathWithoutProducts, PRODUCT_COMMANDS } from '../../stand-ins/host-path';
import { createStandinSandbox, type StandinSandbox } from '../../stand-ins/sandbox';

function fakeTools(names: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'mb-fake-tools-'));
  for (const name of names) {
    writeFileSync(join(dir, name), `#!/bin/sh\necho real ${name}\n`);
    chmodSync(join(dir, name), 0o755);
  }
  return dir;
}

const found = (command: string, path: string) =>
  path
    .split(delimiter)
    .filter(Boolean)
    .some((dir) => existsSync(join(dir, command)));

describe('stand-in sandbox PATH', () => {
  const made: string[] = [];
  let sb: StandinSandbox | undefined;
  afterEach(async () => {
    await sb?.remove();
    sb = undefined;
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('leaves out every product CLI of a host folder and keeps its other tools', () => {
    const host = fakeTools(['qemu-img', 'colima', 'limactl', 'podman', 'krunkit', 'jq-like-tool']);
    made.push(host);
    const path = pathWithoutProducts(`${host}${delimiter}/usr/bin${delimiter}/bin`);
    for (const product of ['qemu-img', 'colima', 'limactl', 'podman', 'krunkit'])
      expect(found(product, path), product).toBe(false);
    expect(found('jq-like-tool', path)).toBe(true);
    expect(PRODUCT_COMMANDS.every((c) => !found(c, path))).toBe(true);
  });

  it('gives a sandbox only the stand-ins it asked for, whatever the host has', async () => {
    const host = fakeTools(['qemu-img', 'limactl', 'podman']);
    made.push(host);
    const saved = process.env.PATH;
    process.env.PATH = `${host}${delimiter}${saved ?? ''}`;
    try {
      sb = createStandinSandbox({ colima: true, qemu: false });
    } finally {
      process.env.PATH = saved;
    }
    const which = (c: string) => {
      try {
        return execFileSync('sh', ['-c', `command -v ${c}`], { env: sb!.env, encoding: 'utf8' }).trim();
      } catch {
        return '';
      }
    };
    expect(which('qemu-img')).toBe('');
    expect(which('limactl')).toBe('');
    expect(which('podman')).toBe('');
    expect(which('colima')).toContain(sb.root);
    expect(which('node')).not.toBe('');
  });
});
