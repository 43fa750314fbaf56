import { promises as fs } from 'node:fs';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runFileJson } from '../store/run-json';
import { sampleRun } from '../store/test-support/run-fixture';
import { isMachineId, newMachineId, parseRunPath, runFilePath, runPath } from './dataset-layout';
import { readDataset } from './read-dataset';

let root: string;
let outside: string;
const A = 'm-0123456789abcdef';
const B = 'm-fedcba9876543210';

async function put(relative: string, text: string): Promise<void> {
  const file = path.join(root, ...relative.split('/'));
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, text);
}

async function putRun(machineId: string, runId: string): Promise<void> {
  await put(runPath(machineId, runId), runFileJson(sampleRun({ id: runId })));
}

beforeEach(async () => {
  const base = await fs.mkdtemp(path.join(os.tmpdir(), 'mountbench-dataset-'));
  root = path.join(base, 'dataset');
  outside = path.join(base, 'outside');
  await fs.mkdir(root);
  await fs.mkdir(outside);
});
afterEach(async () => {
  await fs.rm(path.dirname(root), { recursive: true, force: true });
});

describe('dataset layout', () => {
  it('makes machine ids that its own pattern accepts, different each time', () => {
    const ids = new Set(Array.from({ length: 50 }, () => newMachineId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(isMachineId(id)).toBe(true);
  });

  it('refuses ids that could leave the dataset', () => {
    expect(() => runPath('../m-0123456789abcdef', 'r1')).toThrow(/machine id/);
    expect(() => runPath(A, '../../etc/passwd')).toThrow(/run id/);
    expect(() => runPath('m-0123456789ABCDEF', 'r1')).toThrow(/machine id/);
    expect(runFilePath('/d', A, 'r1')).toBe(path.join('/d', 'machines', A, 'r1.json'));
  });

  it('reads a path back into its ids, or says why not', () => {
    expect(parseRunPath(`machines/${A}/run-1.json`)).toEqual({ machineId: A, runId: 'run-1' });
    expect(parseRunPath('mountbench-dataset.json')).toHaveProperty('reason');
    expect(parseRunPath(`machines/${A}/sub/run-1.json`)).toHaveProperty('reason');
    expect(parseRunPath(`machines/alice/run-1.json`)).toHaveProperty('reason');
    expect(parseRunPath(`machines/${A}/run 1.json`)).toHaveProperty('reason');
    expect(parseRunPath(`machines/${A}/run-1.txt`)).toHaveProperty('reason');
  });
});

describe('readDataset', () => {
  it('returns every run with its machine, sorted by file', async () => {
    await putRun(B, 'run-2');
    await putRun(A, 'run-1');
    await putRun(A, 'run-3');
    const { runs, refused } = await readDataset(root);
    expect(refused).toEqual([]);
    expect(runs.map((r) => [r.machineId, r.file, r.run.id])).toEqual([
      [A, `machines/${A}/run-1.json`, 'run-1'],
      [A, `machines/${A}/run-3.json`, 'run-3'],
      [B, `machines/${B}/run-2.json`, 'run-2'],
    ]);
    expect(runs[0].run.machine.chip).toBe('Apple M1 Pro');
  });

  it('skips the clone’s .git folder but refuses every other thing outside the layout', async () => {
    execFileSync('git', ['init', '-q', root]);
    await putRun(A, 'run-1');
    await put('mountbench-dataset.json', '{}');
    await put('README.md', 'hello');
    await put(`machines/${A}/nested/run-2.json`, runFileJson(sampleRun({ id: 'run-2' })));
    await put('machines/alice-laptop/run-3.json', runFileJson(sampleRun({ id: 'run-3' })));
    const { runs, refused } = await readDataset(root);
    expect(runs.map((r) => r.file)).toEqual([`machines/${A}/run-1.json`]);
    expect(refused.map((r) => r.file)).toEqual([
      'README.md',
      'machines/alice-laptop/',
      `machines/${A}/nested/`,
      'mountbench-dataset.json',
    ]);
    for (const r of refused) expect(r.reason).not.toBe('');
    expect(refused.find((r) => r.file === 'machines/alice-laptop/')?.reason).toMatch(/not a machine id/);
  });

  it('refuses hostile and corrupt files by name and returns the rest', async () => {
    await putRun(A, 'good-1');
    await putRun(B, 'good-2');
    await put(`machines/${A}/bad-json.json`, '{"schema": "mountbench-run", ');
    await put(
      `machines/${A}/bad-schema.json`,
      JSON.stringify({ ...sampleRun({ id: 'bad-schema' }), cores: 'many', machine: { chip: 7 } }),
    );
    await put(`machines/${A}/other-id.json`, runFileJson(sampleRun({ id: 'not-this-one' })));
    await fs.writeFile(path.join(root, 'machines', A, 'not-utf8.json'), Buffer.from([0xff, 0xfe, 0x7b]));
    // 20 MB, sparse: refused by its size before a byte of it is read.
    const big = path.join(root, 'machines', A, 'huge.json');
    await fs.writeFile(big, '');
    await fs.truncate(big, 20 * 1024 * 1024);
    // A link to a valid run outside the dataset, and a link to a folder outside it.
    await fs.writeFile(path.join(outside, 'secret.json'), runFileJson(sampleRun({ id: 'secret' })));
    await fs.symlink(path.join(outside, 'secret.json'), path.join(root, 'machines', A, 'secret.json'));
    await fs.symlink(outside, path.join(root, 'machines', 'm-1111111111111111'));
    execFileSync('mkfifo', [path.join(root, 'machines', B, 'pipe.json')]);
    const control = sampleRun({ id: 'control' });
    control.results[0].backend.label = 'Docker\u001b[2J';
    await put(`machines/${B}/control.json`, runFileJson(control));

    const { runs, refused } = await readDataset(root);
    expect(runs.map((r) => r.run.id)).toEqual(['good-1', 'good-2']);
    const reasons = Object.fromEntries(refused.map((r) => [r.file, r.reason]));
    expect(Object.keys(reasons).sort()).toEqual(
      [
        `machines/${A}/bad-json.json`,
        `machines/${A}/bad-schema.json`,
        `machines/${A}/huge.json`,
        `machines/${A}/not-utf8.json`,
        `machines/${A}/other-id.json`,
        `machines/${A}/secret.json`,
        `machines/${B}/control.json`,
        `machines/${B}/pipe.json`,
        'machines/m-1111111111111111',
      ].sort(),
    );
    expect(reasons[`machines/${A}/bad-json.json`]).toMatch(/truncated/);
    expect(reasons[`machines/${A}/bad-schema.json`]).toMatch(/machine\.chip/);
    expect(reasons[`machines/${A}/huge.json`]).toMatch(/20\.0 MB.*larger than 5\.0 MB/);
    expect(reasons[`machines/${A}/not-utf8.json`]).toMatch(/UTF-8/);
    expect(reasons[`machines/${A}/other-id.json`]).toMatch(/not-this-one.*file name says other-id/);
    expect(reasons[`machines/${A}/secret.json`]).toMatch(/symbolic link/);
    expect(reasons['machines/m-1111111111111111']).toMatch(/symbolic link/);
    expect(reasons[`machines/${B}/pipe.json`]).toMatch(/FIFO/);
    expect(reasons[`machines/${B}/control.json`]).toMatch(/control character/);
    // Reasons name files by their place in the dataset, never by this machine's paths.
    for (const reason of Object.values(reasons)) expect(reason).not.toContain(root);
  });

  it('refuses a control character however the JSON spells it: raw, or behind an escape', async () => {
    // JSON.stringify leaves DEL, C1 controls and the bidirectional overrides raw in the text, and
    // writes C0 controls as escapes: the text scan that spares most files the walk must see both.
    const spelled = {
      del: '\u007f',
      c1: '\u0085',
      bidi: 'x\u202ey',
      newline: 'two\nlines',
      esc: '\u001b[2J',
    };
    for (const [id, label] of Object.entries(spelled)) {
      const run = sampleRun({ id });
      run.machine.label = label;
      await put(runPath(A, id), runFileJson(run));
    }
    // A line break where one may be (a warning) is no refusal.
    const warned = sampleRun({ id: 'warned' });
    warned.results[0].warnings = ['first line\nsecond line'];
    await put(runPath(A, 'warned'), runFileJson(warned));
    const { runs, refused } = await readDataset(root);
    expect(runs.map((r) => r.run.id)).toEqual(['warned']);
    expect(refused.map((r) => r.file).sort()).toEqual(
      Object.keys(spelled)
        .map((id) => `machines/${A}/${id}.json`)
        .sort(),
    );
    for (const r of refused) expect(r.reason).toMatch(/machine\.label holds .*control character/);
  });

  it('stops at the entry bound and says so', async () => {
    for (let i = 0; i < 6; i += 1) await putRun(A, `run-${i}`);
    const { runs, refused } = await readDataset(root, { maxFiles: 4 });
    // machines/, the machine folder, then two runs: four entries.
    expect(runs.map((r) => r.run.id)).toEqual(['run-0', 'run-1']);
    expect(refused).toEqual([{ file: '.', reason: expect.stringMatching(/more than 4 entries/) }]);
  });

  it('throws for a dataset that is not a folder', async () => {
    await expect(readDataset(path.join(root, 'nope'))).rejects.toThrow(/does not exist/);
    await put('file', 'x');
    await expect(readDataset(path.join(root, 'file'))).rejects.toThrow(/not a folder/);
  });
});
