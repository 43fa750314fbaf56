import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readMachineFile, restfulUriArgs } from './machine-files';

describe('restfulUriArgs', () => {
  it('gives the command line Podman starts the VM process with for the endpoint it recorded', () => {
    expect(restfulUriArgs('http://localhost:50123')).toEqual(['--restful-uri', 'tcp://localhost:50123']);
  });

  it.each([
    ['no endpoint', null],
    ['no port', 'http://localhost'],
    ['a path', 'http://localhost:50123/vm'],
    ['another scheme', 'unix:///tmp/vfkit.sock'],
    ['words after it', 'http://localhost:50123 --other'],
  ])('refuses %s, as Podman would', (_what, endpoint) => {
    expect(restfulUriArgs(endpoint)).toBeNull();
  });
});

describe('readMachineFile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mb-podman-files-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('takes the endpoint from the block of the machine’s own provider, and none from the other', async () => {
    const file = join(dir, 'm.json');
    writeFileSync(
      file,
      JSON.stringify({
        Name: 'm',
        LibKrunHypervisor: { KRun: { Endpoint: 'http://localhost:40001' } },
        AppleHypervisor: null,
      }),
    );
    expect((await readMachineFile(file, 'libkrun'))?.endpoint).toBe('http://localhost:40001');
    expect((await readMachineFile(file, 'applehv'))?.endpoint).toBeNull();
  });
});
