import { describe, expect, it } from 'vitest';
import { parseConfig, parseCreated, parseShareList, SHARE_ID_LABEL, shareState } from './file-shares-client';
import { desktopAddressFromLabels } from './desktop-api-address';

const ok = (body: unknown) => ({ status: 200, body: typeof body === 'string' ? body : JSON.stringify(body) });

const listed = {
  identifier: 'sync_1',
  alpha: { path: '/Users/me/app', totalFileSize: 300 },
  beta: { path: '/var/lib/shares/1', stagingProgress: { totalReceivedSize: 100 } },
  labels: { [SHARE_ID_LABEL]: 'share-1', mountbench: '1' },
  status: 'staging-beta',
};

describe('Docker Desktop file-shares answers', () => {
  it('reads a listed share: the id label, both paths, the staging progress', () => {
    expect(parseShareList(ok([listed]))).toEqual([
      {
        id: 'share-1',
        hostPath: '/Users/me/app',
        targetPath: '/var/lib/shares/1',
        labels: listed.labels,
        status: 'staging-beta',
        totalBytes: 300,
        receivedBytes: 100,
      },
    ]);
  });

  it('takes the identifier when the id label is missing, and drops a share with neither', () => {
    const noLabel = { ...listed, labels: null };
    const nothing = { ...listed, identifier: undefined, labels: {} };
    expect(parseShareList(ok([noLabel, nothing])).map((s) => s.id)).toEqual(['sync_1']);
  });

  it('refuses a list that is not an array of shares, naming what was wrong', () => {
    expect(() => parseShareList(ok({ shares: [] }))).toThrow(
      /list of file shares is not what Mountbench knows/,
    );
    expect(() => parseShareList(ok([{ ...listed, status: 7 }]))).toThrow(/status/);
    expect(() => parseShareList(ok('not json'))).toThrow(/not JSON/);
    expect(() => parseShareList(ok([{ ...listed, alpha: { path: 'x'.repeat(5000) } }]))).toThrow(/alpha/);
  });

  it('refuses a list deeper than any real answer and one with a forbidden key', () => {
    const deep = '['.repeat(100) + ']'.repeat(100);
    expect(() => parseShareList(ok(deep))).toThrow(/not what Mountbench knows/);
    expect(() => parseShareList(ok('[{"__proto__": {}}]'))).toThrow(/forbidden key/);
  });

  it('a list answered with an error status is an error carrying the body', () => {
    expect(() => parseShareList({ status: 500, body: 'mutagen daemon down' })).toThrow(
      /HTTP 500\): mutagen daemon down/,
    );
  });

  it('config: active only when 200 says so; any other status is off, as Compose read it', () => {
    expect(parseConfig(ok({ active: true, compose: { manageBindMounts: true } }))).toEqual({ active: true });
    expect(parseConfig(ok({ active: false }))).toEqual({ active: false });
    expect(parseConfig({ status: 404, body: '' })).toEqual({ active: false });
    expect(() => parseConfig(ok({ active: 'yes' }))).toThrow(/file-shares config/);
  });

  it('create: the fileShareID of a 200, the body of a refusal', () => {
    expect(parseCreated(ok({ fileShareID: 'abc' }))).toBe('abc');
    expect(() => parseCreated(ok({ fileShareID: '' }))).toThrow(/creating a file share/);
    expect(() => parseCreated({ status: 400, body: 'no such directory' })).toThrow(/no such directory/);
  });

  it('statuses: watching is ready, halted… is failed, anything else is still copying', () => {
    expect(shareState('watching')).toBe('ready');
    expect(shareState('halted-on-root-deletion')).toBe('failed');
    expect(shareState('staging-beta')).toBe('copying');
    expect(shareState('scanning')).toBe('copying');
  });
});

describe('the Docker Desktop API address in the engine info labels', () => {
  it('reads a unix address', () => {
    expect(
      desktopAddressFromLabels([
        'other=1',
        'com.docker.desktop.address=unix:///Users/me/Library/Containers/com.docker.docker/Data/docker-cli.sock',
      ]),
    ).toEqual({
      kind: 'unix',
      socketPath: '/Users/me/Library/Containers/com.docker.docker/Data/docker-cli.sock',
    });
  });

  it('a named pipe or a relative path is unsupported; no label, or no list, is none', () => {
    expect(
      desktopAddressFromLabels(['com.docker.desktop.address=npipe://\\\\.\\pipe\\docker_cli']).kind,
    ).toBe('unsupported');
    expect(desktopAddressFromLabels(['com.docker.desktop.address=unix://rel.sock']).kind).toBe('unsupported');
    expect(desktopAddressFromLabels(['com.docker.compose=1'])).toEqual({ kind: 'none' });
    expect(desktopAddressFromLabels(null)).toEqual({ kind: 'none' });
    expect(desktopAddressFromLabels('com.docker.desktop.address=unix:///x')).toEqual({ kind: 'none' });
  });
});
