import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Command } from 'commander';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listRuns } from '../../core/store';
import { registerImportCommand } from './import';

// A real export written by hyperfine 1.15.0 (test/fixtures/hyperfine).
const EXPORT = path.join(__dirname, '..', '..', '..', 'test', 'fixtures', 'hyperfine', 'one-command.json');

let root: string;
let out: string;

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'mountbench-cli-hyperfine-'));
  out = '';
});
afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

async function importCommand(args: string[]): Promise<void> {
  const program = new Command('mountbench').exitOverride();
  registerImportCommand(program, {
    resultsDir: () => path.join(root, 'results'),
    out: (text) => (out += text),
    err: (text) => (out += text),
  });
  await program.parseAsync(['node', 'mountbench', 'import', ...args]);
}

describe('mountbench import --hyperfine', () => {
  it('says which flag is missing, naming what hyperfine does not record, and stores nothing', async () => {
    await expect(importCommand(['--hyperfine', EXPORT, '--workload', 'dd-write'])).rejects.toThrow(
      '--hyperfine needs --backend LABEL: the setup the times were taken on (hyperfine does not record it)',
    );
    await expect(importCommand(['--hyperfine', EXPORT, '--backend', 'x'])).rejects.toThrow(
      /needs --workload ID/,
    );
    await expect(
      importCommand([
        '--hyperfine',
        EXPORT,
        '--backend',
        'x',
        '--workload',
        'dd-write',
        '--chip',
        'Apple M1',
      ]),
    ).rejects.toThrow(
      'another machine needs all of --chip, --arch, --cores and --memory-gb; missing --arch, --cores, --memory-gb',
    );
    await expect(importCommand(['--hyperfine', EXPORT, 'run.json'])).rejects.toThrow(/not both/);
    await expect(fs.readdir(root)).resolves.toEqual([]);
  });

  it('stores the times as measured on the machine the flags describe', async () => {
    await importCommand([
      '--hyperfine',
      EXPORT,
      '--backend',
      'Docker Desktop VirtioFS bind',
      '--workload',
      'small-file-read',
      '--provider',
      'docker-desktop',
      '--variant',
      'virtiofs',
      '--chip',
      'Apple M1 Pro',
      '--arch',
      'arm64',
      '--cores',
      '10',
      '--memory-gb',
      '32',
      '--os',
      'macOS 14.5',
      '--machine-label',
      'Alice’s M1',
    ]);
    expect(out).toMatch(
      /^imported .*one-command\.json from hyperfine as run hyperfine-[0-9a-f]{16} \(small-file-read, Docker Desktop VirtioFS bind, on Alice’s M1 · Apple M1 Pro · arm64 · 10 cores · 32 GiB\)\n$/,
    );
    const [run] = (await listRuns(path.join(root, 'results'))).runs;
    expect(run.machine).toMatchObject({
      chip: 'Apple M1 Pro',
      cores: 10,
      memoryBytes: 32 * 1024 ** 3,
      label: 'Alice’s M1',
    });
    expect(run.machine.os.name).toBe('macOS 14.5');
    expect(run.results[0].backend.id).toBe('docker-desktop/virtiofs/bind');
    expect(run.results[0].workload.size).toBe('default');
  });
});
