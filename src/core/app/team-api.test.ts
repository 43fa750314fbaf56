// The dashboard's team calls over a real data folder and a real bare repository.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadRunFile, saveRun } from '../store';
import { sampleRun } from '../store/test-support/run-fixture';
import { createTeamApi } from './team-api';

let root: string;
let bare: string;
let team: ReturnType<typeof createTeamApi>;

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'mountbench-team-api-'));
  bare = path.join(root, 'team.git');
  execFileSync('git', ['init', '-q', '--bare', bare]);
  const results = path.join(root, 'data', 'results');
  await saveRun(sampleRun({ id: 'run-1' }), results);
  team = createTeamApi({
    dataDir: path.join(root, 'data'),
    cacheDir: path.join(root, 'cache'),
    runFile: (id) => loadRunFile(path.join(results, `${id}.json`)),
  });
});
afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

describe('team api', { timeout: 60_000 }, () => {
  it('previews, publishes exactly the preview, and pulls it back without the clone’s path', async () => {
    const preview = await team.publishPreview({ runIds: ['run-1'], label: 'Build Mac 3' });
    expect(preview.files).toHaveLength(1);
    const outcome = await team.publish({ to: bare, branch: null, runIds: ['run-1'], label: 'Build Mac 3' });
    expect(outcome.files[0].status).toBe('published');
    const sent = execFileSync('git', ['-C', bare, 'show', `mountbench-data:${outcome.files[0].path}`], {
      encoding: 'utf8',
    });
    expect(sent).toBe(preview.files[0].text);
    const pulled = await team.pull({ from: bare, branch: null });
    expect(pulled.runs.map((r) => [r.machineId, r.run.id, r.run.machine.label])).toEqual([
      [outcome.machineId, 'run-1', 'Build Mac 3'],
    ]);
    expect(JSON.stringify(pulled)).not.toContain(path.join(root, 'cache'));
  });

  it('refuses a relative dataset and a label with control characters', async () => {
    await expect(team.pull({ from: 'team.git', branch: null })).rejects.toThrow(
      /neither a git URL nor an absolute folder/,
    );
    await expect(team.publishPreview({ runIds: ['run-1'], label: 'x\u001b]0;y' })).rejects.toThrow(
      /label holds/,
    );
  });
});
