// Over real files: a dataset folder written by the generator, with hostile files planted beside it.
import { mkdtemp, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamDataset, writeTeamDataset } from './test-support/team-dataset';
import { viewTeam } from './view-team';

let root: string;
const runs = teamDataset({
  machines: 4,
  runsPerVersion: 1,
  versions: ['27.4.0', '27.5.1'],
  changes: [
    {
      workload: 'small-file-read',
      backendId: 'docker-desktop/vz-virtiofs/bind',
      version: '27.5.1',
      factor: 1.4,
    },
  ],
});
const victim = runs[0];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'mountbench-team-view-'));
  await writeTeamDataset(root, runs);
  const machineDir = join(root, 'machines', victim.machineId);
  await writeFile(join(machineDir, 'broken-run.json'), '{"schema": "mountbench-run", ');
  await writeFile(join(root, 'notes.txt'), 'not a run');
  await symlink('/etc/passwd', join(machineDir, 'linked-run.json'));
  await mkdir(join(root, 'machines', 'alice-laptop'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('viewTeam', () => {
  it('analyses the runs it could read and names every file it refused', async () => {
    const view = await viewTeam(root, {
      here: { machine: victim.run.machine, provider: 'docker-desktop' },
    });
    expect(view.analysis.runs).toBe(8);
    expect(view.analysis.machines).toHaveLength(4);
    expect(view.refused.map((r) => r.file)).toEqual([
      'machines/alice-laptop/',
      `machines/${victim.machineId}/broken-run.json`,
      `machines/${victim.machineId}/linked-run.json`,
      'notes.txt',
    ]);
    expect(view.refused.every((r) => r.reason.length > 0 && !r.reason.includes(root))).toBe(true);
    expect(view.analysis.changes).toEqual([
      expect.objectContaining({
        kind: 'regression',
        workloadKey: 'small-file-read',
        measuredBoth: 4,
        sure: 'most-machines',
      }),
    ]);
    expect(view.analysis.likeYours?.machineIds).toContain(victim.machineId);
  });

  it('refuses a folder that is not one, or not absolute, before reading anything', async () => {
    await expect(viewTeam('relative/dataset')).rejects.toMatchObject({ code: 'BAD_INPUT' });
    await expect(viewTeam(join(root, 'missing'))).rejects.toMatchObject({ code: 'BAD_INPUT' });
    await expect(viewTeam(join(root, 'notes.txt'))).rejects.toMatchObject({ code: 'BAD_INPUT' });
  });
});
