// Compose Watch's pieces that need no engine: which Compose can watch (by its version, against
// real executables on a PATH), the compose file Mountbench writes and the labels Compose looks for.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  composeContainerLabels,
  composePrefix,
  composeWatchFile,
  findComposeWithWatch,
  parseComposeVersion,
  versionAtLeast,
} from './compose-watch';

const bins: string[] = [];
afterAll(() => bins.forEach((b) => rmSync(b, { recursive: true, force: true })));

/** A folder with one executable that answers `… version --short` with `version`. */
function pathWith(name: string, version: string, prefixed: boolean): string {
  const bin = mkdtempSync(join(tmpdir(), 'mb-compose-'));
  bins.push(bin);
  const ask = prefixed ? 'compose version --short' : 'version --short';
  writeFileSync(join(bin, name), `#!/bin/sh\n[ "$*" = "${ask}" ] && echo ${version} && exit 0\nexit 1\n`);
  chmodSync(join(bin, name), 0o755);
  return bin;
}

describe('which Compose can watch', () => {
  it('reads the versions the plugin, the standalone v2 and Debian 1.29 print', () => {
    expect(parseComposeVersion('2.29.2\n')).toEqual([2, 29, 2]);
    expect(parseComposeVersion('v2.40.3-desktop.1')).toEqual([2, 40, 3]);
    expect(parseComposeVersion('1.29.2')).toEqual([1, 29, 2]);
    expect(parseComposeVersion('docker: unknown command: docker compose')).toBeNull();
  });

  it('compares versions part by part', () => {
    expect(versionAtLeast([2, 25, 0], [2, 25, 0])).toBe(true);
    expect(versionAtLeast([2, 24, 9], [2, 25, 0])).toBe(false);
    expect(versionAtLeast([3, 0, 0], [2, 25, 0])).toBe(true);
    expect(versionAtLeast([2, 100, 0], [2, 25, 0])).toBe(true);
  });

  it('drives the plugin through `docker compose`, the standalone binary as it is', () => {
    expect(composePrefix('/usr/bin/docker')).toEqual(['compose']);
    expect(composePrefix('/usr/local/bin/docker-compose')).toEqual([]);
  });

  it('takes `docker compose` when its version has watch', async () => {
    const bin = pathWith('docker', '2.29.2', true);
    expect(await findComposeWithWatch({ PATH: bin })).toEqual({
      executable: join(bin, 'docker'),
      version: '2.29.2',
      reason: null,
    });
  });

  it('says which versions it found when none can watch', async () => {
    const plugin = pathWith('docker', '2.24.6', true);
    const debian = pathWith('docker-compose', '1.29.2', false);
    expect(await findComposeWithWatch({ PATH: `${plugin}:${debian}` })).toEqual({
      executable: null,
      version: null,
      reason:
        'Compose Watch needs Docker Compose 2.25.0 or later; found docker compose 2.24.6, docker-compose 1.29.2',
    });
  });

  it('says Compose is missing when there is none', async () => {
    const found = await findComposeWithWatch({ PATH: mkdtempSync(join(tmpdir(), 'mb-nothing-')) });
    expect(found.executable).toBeNull();
    expect(found.reason).toMatch(/^Docker Compose is not installed/);
  });
});

describe('the compose file and labels', () => {
  it('declares one service whose sync action copies the host folder to the target', () => {
    const text = composeWatchFile({
      project: 'mountbench-r1-0',
      image: 'busybox:1.36',
      hostRoot: '/cache/runs/r1/backend-0/data',
      target: '/bench',
    });
    expect(JSON.parse(text)).toEqual({
      name: 'mountbench-r1-0',
      services: {
        bench: {
          image: 'busybox:1.36',
          develop: { watch: [{ action: 'sync', path: '/cache/runs/r1/backend-0/data', target: '/bench' }] },
        },
      },
    });
  });

  it('refuses a project name Compose would refuse, and a relative target', () => {
    const o = { image: 'i', hostRoot: '/h', target: '/bench' };
    expect(() => composeWatchFile({ ...o, project: 'Bad Name' })).toThrow(/project name/);
    expect(() => composeWatchFile({ ...o, project: 'ok', target: 'bench' })).toThrow(/absolute/);
  });

  it("carries every label Compose's container lookup filters on", () => {
    expect(Object.keys(composeContainerLabels('p')).sort()).toEqual([
      'com.docker.compose.config-hash',
      'com.docker.compose.oneoff',
      'com.docker.compose.project',
      'com.docker.compose.service',
    ]);
    expect(composeContainerLabels('p')['com.docker.compose.oneoff']).toBe('False');
  });
});
