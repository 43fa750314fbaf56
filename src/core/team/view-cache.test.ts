// The saved Team view over real files: a dataset written by the generator, viewed with and without
// the cache. Whether a view was read from the cache is seen from a run-file cache of its own given
// to each view: a full read checks every file into it, a saved view leaves it empty.
import { createHmac, randomBytes } from 'node:crypto';
import {
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  symlink,
  unlink,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MachineInfo } from '../../shared/result-schema';
import type { TeamView } from '../../shared/team-view';
import { pull } from './pull';
import { RunFileCache } from './run-file-cache';
import { teamDataset, writeTeamDataset } from './test-support/team-dataset';
import { VIEW_KEY_FILE } from './view-cache-key';
import {
  MAX_SAVED_VIEWS,
  savedViewFile,
  saveView,
  VIEW_CACHE_DIR,
  type SavedView,
  type ViewCacheLocation,
} from './view-cache';
import { viewTeam, type ViewTeamOptions } from './view-team';

const runs = teamDataset({
  machines: 6,
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
const m1 = runs.find((r) => r.run.machine.chip === 'Apple M1')!;
const intel = runs.find((r) => r.run.machine.chip.startsWith('Intel'))!;
const viewer = (machine: MachineInfo, provider: string | null) => ({ here: { machine, provider } });

let work: string;
let dataset: string;
let where: ViewCacheLocation;

beforeEach(async () => {
  work = await mkdtemp(join(tmpdir(), 'mountbench-team-view-cache-'));
  dataset = join(work, 'dataset');
  where = { dataDir: join(work, 'data'), cacheDir: join(work, 'cache') };
  await writeTeamDataset(dataset, runs);
});

afterEach(async () => {
  await rm(work, { recursive: true, force: true });
});

/** The view through the cache, and whether every file was read for it (a miss) or none (a hit). */
async function cached(options: ViewTeamOptions = {}): Promise<{ view: TeamView; read: number }> {
  const cache = new RunFileCache();
  const view = await viewTeam(dataset, { ...options, cache, viewCache: where });
  return { view, read: cache.size };
}

/** The view as a full read with no saved view anywhere. */
function fullRead(options: ViewTeamOptions = {}): Promise<TeamView> {
  return viewTeam(dataset, { ...options, cache: new RunFileCache() });
}

function runPath(index: number): string {
  return join(dataset, runs[index].file);
}

describe('the saved Team view', () => {
  it('opens an unchanged dataset without reading a file, and shows what a full read shows', async () => {
    const first = await cached(viewer(m1.run.machine, 'docker-desktop'));
    expect(first.read).toBe(runs.length);
    const again = await cached(viewer(m1.run.machine, 'docker-desktop'));
    expect(again.read).toBe(0);
    expect(again.view).toEqual(await fullRead(viewer(m1.run.machine, 'docker-desktop')));
    expect(again.view.analysis.changes.length).toBeGreaterThan(0);
  });

  it('keeps refused files and their reasons in the saved view', async () => {
    await writeFile(join(dataset, 'notes.txt'), 'not a run');
    await writeFile(join(dataset, 'machines', m1.machineId, 'broken-run.json'), '{"schema": ');
    await cached();
    const again = await cached();
    expect(again.read).toBe(0);
    expect(again.view.refused.map((r) => r.file)).toEqual([
      `machines/${m1.machineId}/broken-run.json`,
      'notes.txt',
    ]);
    expect(again.view).toEqual(await fullRead());
  });

  it('works out "machines like yours" again for another viewer from the saved view', async () => {
    await cached(viewer(m1.run.machine, 'docker-desktop'));
    for (const options of [
      viewer(intel.run.machine, 'docker-desktop'),
      viewer(intel.run.machine, 'colima'),
      viewer(m1.run.machine, null),
      {},
    ]) {
      const again = await cached(options);
      expect(again.read).toBe(0);
      expect(again.view.analysis.likeYours).toEqual((await fullRead(options)).analysis.likeYours);
    }
    const intelView = await cached(viewer(intel.run.machine, 'docker-desktop'));
    expect(intelView.view.analysis.likeYours?.machineIds).toEqual([intel.machineId]);
    expect(intelView.view.analysis.likeYours?.winners.length).toBeGreaterThan(0);
  });

  describe('reads every file again after a change', () => {
    const changes: [string, () => Promise<void>][] = [
      [
        'a run added',
        async () => {
          const extra = teamDataset({ machines: 7, runsPerVersion: 1, versions: ['27.6.0'] }).at(-1)!;
          await writeTeamDataset(dataset, [extra]);
        },
      ],
      ['a run removed', () => unlink(runPath(3))],
      [
        'a run rewritten in place, same size',
        async () => {
          const size = (await stat(runPath(2))).size;
          await writeFile(runPath(2), 'x'.repeat(size));
        },
      ],
      [
        'a run touched (mtime only)',
        async () => {
          const then = new Date('2026-01-02T03:04:05Z');
          await utimes(runPath(1), then, then);
        },
      ],
      ['a stray file added', () => writeFile(join(dataset, 'notes.txt'), 'x')],
    ];
    for (const [name, change] of changes)
      it(name, async () => {
        await cached();
        await change();
        const after = await cached();
        expect(after.read).toBeGreaterThan(0);
        expect(after.view).toEqual(await fullRead());
        // And the view saved after the change is the one the next open uses.
        expect((await cached()).read).toBe(0);
      });
  });

  it('sees a same-size rewrite as the refused file it now is', async () => {
    await cached();
    const size = (await stat(runPath(2))).size;
    await writeFile(runPath(2), 'x'.repeat(size));
    const after = await cached();
    expect(after.view.refused.map((r) => r.file)).toEqual([runs[2].file]);
    expect(after.view.analysis.runs).toBe(runs.length - 1);
  });

  describe('ignores a saved view it did not write whole', () => {
    const tamper: [string, (bytes: Buffer, key: Buffer) => Buffer][] = [
      ['cut short', (bytes) => bytes.subarray(0, Math.floor(bytes.length / 2))],
      ['empty', () => Buffer.alloc(0)],
      [
        'edited after it was signed',
        (bytes) => Buffer.from(bytes.toString('utf8').replace('"runs":12', '"runs":13')),
      ],
      [
        'planted with a MAC of another key',
        (bytes) => {
          const body = bytes.subarray(65);
          const forged = createHmac('sha256', randomBytes(32)).update(body).digest('hex');
          return Buffer.concat([Buffer.from(`${forged}\n`), body]);
        },
      ],
      [
        'signed with the right key but not a view',
        (_bytes, key) => {
          const body = Buffer.from(JSON.stringify({ format: 'mountbench-team-view', analysis: {} }));
          return Buffer.concat([
            Buffer.from(`${createHmac('sha256', key).update(body).digest('hex')}\n`),
            body,
          ]);
        },
      ],
    ];
    for (const [name, change] of tamper)
      it(name, async () => {
        await cached();
        const file = savedViewFile(where, dataset);
        const key = Buffer.from((await readFile(join(where.dataDir, VIEW_KEY_FILE), 'utf8')).trim(), 'hex');
        const original = await readFile(file);
        expect(original.toString('utf8')).toContain('"runs":12');
        await writeFile(file, change(original, key));
        const after = await cached();
        expect(after.read).toBe(runs.length);
        expect(after.view).toEqual(await fullRead());
      });
  });

  it('never follows a link planted where the saved view is', async () => {
    await cached();
    const file = savedViewFile(where, dataset);
    const elsewhere = join(work, 'elsewhere.json');
    await rename(file, elsewhere);
    await symlink(elsewhere, file);
    expect((await cached()).read).toBe(runs.length);
  });

  it('keeps the most recently saved views only, the one just saved among them', async () => {
    await cached();
    const saved = JSON.parse((await readFile(savedViewFile(where, dataset), 'utf8')).slice(65)) as SavedView;
    const folders = Array.from({ length: MAX_SAVED_VIEWS + 4 }, (_, i) => join(work, `other-${i}`));
    for (const folder of folders) expect(await saveView(where, { ...saved, folder })).toBe(true);
    const names = await readdir(join(where.cacheDir, VIEW_CACHE_DIR));
    expect(names.filter((n) => n.endsWith('.json'))).toHaveLength(MAX_SAVED_VIEWS);
    expect(names.filter((n) => n.endsWith('.tmp'))).toEqual([]);
    expect(names).toContain(basename(savedViewFile(where, folders.at(-1)!)));
  });

  it('keeps its key private to the user, and replaces a key file that holds no key', async () => {
    await cached();
    const keyFile = join(where.dataDir, VIEW_KEY_FILE);
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    await writeFile(keyFile, 'not a key');
    // The view signed with the old key is a miss; the new key signs the next one.
    expect((await cached()).read).toBe(runs.length);
    expect((await readFile(keyFile, 'utf8')).trim()).toMatch(/^[0-9a-f]{64}$/);
    expect((await cached()).read).toBe(0);
  });

  it('is saved by a pull, so the Team page opens on what was pulled without reading it', async () => {
    const pulled = await pull({
      from: dataset,
      cacheDirectory: where.cacheDir,
      viewCache: where,
      read: { cache: new RunFileCache() },
    });
    expect(pulled.runs).toHaveLength(runs.length);
    const after = await cached(viewer(m1.run.machine, 'docker-desktop'));
    expect(after.read).toBe(0);
    expect(after.view).toEqual(await fullRead(viewer(m1.run.machine, 'docker-desktop')));
  });
});
