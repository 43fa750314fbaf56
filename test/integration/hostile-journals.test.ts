// Hostile journals: files planted in (or torn in) the journal folder must not turn restore, which
// runs by itself at app start and at `serve` start, into a way to write, delete or chmod anything.
// Each case is planted in a sandbox home and restored three ways: `mountbench restore` (a real
// child process), the desktop app's start-up restore (restoreOnAppStart), and `mountbench serve`
// start. A refused journal must leave every byte and mode in the sandbox as it was and say why.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processStartedAt } from '../../src/core/journal';
import { restoreOnAppStart } from '../../src/core/sweep';
import { mountbenchChild } from '../support/mountbench-cli';
import { tempDir } from './support';
import { builtRendererDir } from './transport-contract-renderer';
import { pathWithoutProducts } from '../stand-ins/host-path';

const ID = '20261201-090000-abcdef';
const sha = (bytes: string | Buffer) => createHash('sha256').update(bytes).digest('hex');
const CASE_TIMEOUT = 60_000;

interface Sandbox {
  root: string;
  home: string;
  data: string;
  journalDir: string;
  backupDir: string;
  /** Docker Desktop's settings file under the sandbox home: a file a journal may restore. */
  ddSettings: string;
  /** The docker CLI's config.json under the sandbox home. */
  dockerConfig: string;
  /** A file outside the home that no journal may touch. */
  victim: string;
  env: NodeJS.ProcessEnv;
}

const roots: { remove(): void }[] = [];
let sleeper: ChildProcess;

beforeAll(() => {
  builtRendererDir();
  // A live process that is not Mountbench: its pid stands for a journal's owner.
  sleeper = spawn('sleep', ['600'], { stdio: 'ignore' });
});
afterAll(() => {
  sleeper.kill('SIGKILL');
  for (const r of roots) r.remove();
});

function sandbox(): Sandbox {
  const dir = tempDir('hostile-journal');
  roots.push(dir);
  const root = dir.path;
  const home = join(root, 'home');
  const data = join(root, 'data');
  const journalDir = join(data, 'journal');
  const backupDir = join(journalDir, ID);
  const ddDir = join(home, 'Library', 'Group Containers', 'group.com.docker');
  mkdirSync(ddDir, { recursive: true });
  mkdirSync(join(home, '.docker'), { recursive: true });
  mkdirSync(backupDir, { recursive: true });
  const ddSettings = join(ddDir, 'settings-store.json');
  writeFileSync(ddSettings, '{"SettingsVersion":40,"UseVirtualizationFrameworkVirtioFS":true}\n', {
    mode: 0o600,
  });
  const dockerConfig = join(home, '.docker', 'config.json');
  writeFileSync(dockerConfig, '{"currentContext":"desktop-linux"}\n');
  const victim = join(root, 'victim.txt');
  writeFileSync(victim, 'not yours\n', { mode: 0o644 });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    MOUNTBENCH_DATA_DIR: data,
    MOUNTBENCH_CACHE_DIR: join(root, 'cache'),
    // No product CLI on PATH, whatever this machine has installed: nothing real can be started or quit.
    PATH: pathWithoutProducts('/usr/bin:/bin'),
  };
  delete env.DOCKER_CONFIG;
  return { root, home, data, journalDir, backupDir, ddSettings, dockerConfig, victim, env };
}

/** Every path under the sandbox with its type, mode and bytes: what "nothing written" is checked on. */
function snapshot(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = join(dir, name);
      const st = lstatSync(file);
      if (st.isDirectory()) {
        out[file] = `dir ${st.mode.toString(8)}`;
        walk(file);
      } else if (st.isFile()) out[file] = `file ${st.mode.toString(8)} ${sha(readFileSync(file))}`;
      else out[file] = `special ${st.mode.toString(8)}`;
    }
  };
  walk(root);
  return out;
}

function journal(s: Sandbox, records: object[], tail = ''): string {
  const file = join(s.journalDir, `${ID}.jsonl`);
  writeFileSync(file, records.map((r) => `${JSON.stringify(r)}\n`).join('') + tail);
  return file;
}

/** A process that has ended: its pid names no one (the number is not reused within a test). */
function deadPid(): number {
  return spawnSync('true').pid ?? 999_999;
}

const begin = (s: Sandbox, extra: object = {}) => ({
  type: 'begin',
  id: ID,
  startedAt: '2026-12-01T09:00:00.000Z',
  pid: deadPid(),
  purpose: 'sweep docker-desktop',
  home: s.home,
  ...extra,
});

/** A backup in the journal's own folder, as Journal.recordFile writes it. */
function backup(s: Sandbox, name: string, bytes: string): string {
  const file = join(s.backupDir, name);
  writeFileSync(file, bytes, { mode: 0o600 });
  return file;
}

interface HostileCase {
  name: string;
  plant(s: Sandbox): void | Promise<void>;
  /** What the refusal says: the file or record it names and why. */
  message: RegExp;
}

const refused: HostileCase[] = [
  {
    name: 'a record naming a file outside the home, with a matching backup and a setuid mode',
    plant: (s) => {
      const b = backup(s, '1-victim.txt', 'owned\n');
      journal(s, [
        begin(s),
        {
          type: 'file',
          owner: 'docker-desktop',
          path: s.victim,
          existed: true,
          sha256: sha('owned\n'),
          backup: b,
          mode: 2559,
        },
      ]);
    },
    message: /victim\.txt is not a settings file of docker-desktop/,
  },
  {
    name: 'a record that would delete a file outside the home (existed: false)',
    plant: (s) =>
      void journal(s, [
        begin(s),
        {
          type: 'file',
          owner: 'docker-desktop',
          path: s.victim,
          existed: false,
          sha256: '',
          backup: null,
          mode: null,
        },
      ]),
    message: /victim\.txt is not a settings file of docker-desktop/,
  },
  {
    name: 'a backup outside the journal folder (a foreign file standing in for the original)',
    plant: (s) => {
      const foreign = join(s.root, 'hostname');
      writeFileSync(foreign, 'some-host\n');
      journal(s, [
        begin(s),
        {
          type: 'file',
          owner: 'docker-desktop',
          path: s.ddSettings,
          existed: true,
          sha256: sha('some-host\n'),
          backup: foreign,
          mode: 0o600,
        },
      ]);
    },
    message: /backup .*hostname .* is not in the journal's own folder/,
  },
  {
    name: 'a backup path that climbs out of the journal folder with ..',
    plant: (s) => {
      journal(s, [
        begin(s),
        {
          type: 'file',
          owner: 'docker-desktop',
          path: s.ddSettings,
          existed: true,
          sha256: sha('not yours\n'),
          backup: join(s.backupDir, '..', '..', '..', 'victim.txt'),
          mode: 0o600,
        },
      ]);
    },
    message: /is not in the journal's own folder/,
  },
  {
    name: "a setuid mode on the product's own settings file",
    plant: (s) => {
      const b = backup(s, '1-settings-store.json', '{}\n');
      journal(s, [
        begin(s),
        {
          type: 'file',
          owner: 'docker-desktop',
          path: s.ddSettings,
          existed: true,
          sha256: sha('{}\n'),
          backup: b,
          mode: 0o4755,
        },
      ]);
    },
    message: /mode 04755 .* not plain permission bits/,
  },
  {
    name: 'a file claimed by an owner that owns no files (colima)',
    plant: (s) => {
      const b = backup(s, '1-config.json', '{}\n');
      journal(s, [
        begin(s),
        {
          type: 'file',
          owner: 'colima',
          path: s.dockerConfig,
          existed: true,
          sha256: sha('{}\n'),
          backup: b,
          mode: 0o644,
        },
      ]);
    },
    message: /config\.json is not a settings file of colima/,
  },
  {
    name: 'a journal written for another home',
    plant: (s) => void journal(s, [begin(s, { home: join(s.root, 'elsewhere') })]),
    message: /written for the home .*elsewhere.*HOME=/,
  },
  {
    name: 'a corrupt line in the middle (what appending onto a torn line used to leave)',
    plant: (s) =>
      void journal(
        s,
        [begin(s)],
        '{"type":"st{"type":"restored","owner":"docker-cli"}\n{"type":"restored","owner":"docker-cli"}\n',
      ),
    message: /journal\/20261201-090000-abcdef\.jsonl line 2 is not a journal record .* move it out of/,
  },
  {
    name: 'a record of the wrong shape (a mode given as text)',
    plant: (s) =>
      void journal(s, [
        begin(s),
        {
          type: 'file',
          owner: 'docker-desktop',
          path: s.ddSettings,
          existed: true,
          sha256: '',
          backup: null,
          mode: '4755',
        },
      ]),
    message: /line 2 is not a journal record .*mode/,
  },
  {
    name: 'a FIFO where a journal should be',
    plant: (s) => {
      expect(spawnSync('mkfifo', [join(s.journalDir, `${ID}.jsonl`)]).status).toBe(0);
    },
    message: /jsonl is not a regular file \(it is a FIFO/,
  },
  {
    name: 'a symbolic link where a journal should be',
    plant: (s) => {
      writeFileSync(join(s.root, 'elsewhere.jsonl'), `${JSON.stringify(begin(s))}\n`);
      spawnSync('ln', ['-s', join(s.root, 'elsewhere.jsonl'), join(s.journalDir, `${ID}.jsonl`)]);
    },
    message: /cannot read the journal .* symbolic link/,
  },
  {
    name: 'an owner that still runs (a live pid with its own start time)',
    plant: async (s) => {
      const started = await processStartedAt(sleeper.pid!);
      expect(started).not.toBeNull();
      journal(s, [begin(s, { pid: sleeper.pid, pidStartedAt: started })]);
    },
    message: /a sweep \(process \d+\) is still running/,
  },
];

/** Journals a pid alone would wrongly keep blocked, and a torn tail: each must restore. */
const restorable: (HostileCase & { check(s: Sandbox): void })[] = [
  {
    name: 'a torn last line (a crash mid-append) is cut before the next record',
    plant: (s) => {
      const original = '{"currentContext":"default"}\n';
      const b = backup(s, '1-config.json', original);
      chmodSync(b, 0o644);
      journal(
        s,
        [
          begin(s),
          {
            type: 'file',
            owner: 'docker-cli',
            path: s.dockerConfig,
            existed: true,
            sha256: sha(original),
            backup: b,
            mode: 0o644,
          },
          { type: 'state', owner: 'docker-cli', key: 'currentContext', value: 'default' },
        ],
        '{"type":"step","n":1,"pi',
      );
    },
    message: /Restored the sweep/,
    check: (s) => {
      expect(JSON.parse(readFileSync(s.dockerConfig, 'utf8'))).toEqual({ currentContext: 'default' });
      const lines = readFileSync(join(s.journalDir, `${ID}.jsonl`), 'utf8').split('\n');
      expect(lines.pop()).toBe('');
      expect(lines.map((l) => JSON.parse(l).type)).toEqual([
        'begin',
        'file',
        'state',
        'step',
        'restored',
        'end',
      ]);
    },
  },
  {
    name: 'a reused pid (alive, but started at another time) does not block restore',
    plant: async (s) => {
      const started = (await processStartedAt(sleeper.pid!))!;
      journal(s, [begin(s, { pid: sleeper.pid, pidStartedAt: started - 86_400_000 })]);
    },
    message: /nothing had been changed yet/,
    check: (s) => expect(readFileSync(join(s.journalDir, `${ID}.jsonl`), 'utf8')).toMatch(/"type":"end"/),
  },
  {
    name: 'an older journal without a start time, whose pid now belongs to a newer process',
    plant: (s) => void journal(s, [begin(s, { pid: sleeper.pid, startedAt: '2026-11-01T00:00:00.000Z' })]),
    message: /nothing had been changed yet/,
    check: (s) => expect(readFileSync(join(s.journalDir, `${ID}.jsonl`), 'utf8')).toMatch(/"type":"end"/),
  },
];

/** `mountbench serve` until it prints its address; its stderr by then, and it is stopped. */
async function serveStart(env: NodeJS.ProcessEnv): Promise<{ stderr: string; listened: boolean }> {
  let listened = false;
  const { stderr } = await mountbenchChild(['serve'], env, {
    onStdout: (text, child) => {
      if (!listened && /Mountbench dashboard: /.test(text)) {
        listened = true;
        child.kill('SIGTERM');
      }
    },
  });
  return { stderr, listened };
}

/** A fresh sandbox with the case planted, and its state before anything ran. */
async function planted(c: HostileCase): Promise<{ s: Sandbox; before: Record<string, string> }> {
  const s = sandbox();
  await c.plant(s);
  return { s, before: snapshot(s.root) };
}

/** The desktop app's start-up restore, with the sandbox as the user's environment. */
async function appStart(env: NodeJS.ProcessEnv): Promise<string | null> {
  const saved = { ...process.env };
  Object.assign(process.env, { HOME: env.HOME, MOUNTBENCH_DATA_DIR: env.MOUNTBENCH_DATA_DIR });
  delete process.env.DOCKER_CONFIG;
  try {
    return await restoreOnAppStart();
  } finally {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  }
}

describe('hostile journals are refused, named, and left alone', () => {
  for (const c of refused) {
    describe(c.name, () => {
      it(
        'by `mountbench restore`: exit 1, a message naming why, nothing written',
        { timeout: CASE_TIMEOUT },
        async () => {
          const { s, before } = await planted(c);
          const out = await mountbenchChild(['restore'], s.env);
          expect(out.stdout + out.stderr).toMatch(c.message);
          expect(out.code).toBe(1);
          expect(snapshot(s.root)).toEqual(before);
        },
      );

      it(
        'at app start (restoreOnAppStart): a note naming why, nothing written',
        { timeout: CASE_TIMEOUT },
        async () => {
          const { s, before } = await planted(c);
          expect(await appStart(s.env)).toMatch(c.message);
          expect(snapshot(s.root)).toEqual(before);
        },
      );

      it(
        'at `serve` start: it still listens, says why, writes nothing',
        { timeout: CASE_TIMEOUT },
        async () => {
          const { s, before } = await planted(c);
          const started = await serveStart(s.env);
          expect(started.listened).toBe(true);
          expect(started.stderr).toMatch(c.message);
          // serve's own start may create the results folder and cache; nothing else changes.
          const after = snapshot(s.root);
          for (const [file, state] of Object.entries(before)) expect(after[file], file).toBe(state);
          const added = Object.keys(after).filter((f) => !(f in before));
          expect(
            added
              .filter((f) => !f.startsWith(join(s.root, 'cache')) && !f.startsWith(join(s.data, 'results')))
              .filter((f) => f !== join(s.root, 'cache')),
          ).toEqual([]);
        },
      );
    });
  }

  it('a refused journal also blocks a new sweep, naming it', { timeout: CASE_TIMEOUT }, async () => {
    const s = sandbox();
    refused[0].plant(s);
    const { Journal } = await import('../../src/core/journal');
    await expect(Journal.create(s.data, 'sweep docker-desktop', { home: s.home })).rejects.toThrow(
      /did not finish putting settings back/,
    );
    expect(readFileSync(s.victim, 'utf8')).toBe('not yours\n');
  });
});

describe('journals a pid alone or a torn line used to block are restored', () => {
  for (const c of restorable) {
    it(`${c.name} (\`mountbench restore\`)`, { timeout: CASE_TIMEOUT }, async () => {
      const s = sandbox();
      await c.plant(s);
      const victim = snapshot(s.root)[s.victim];
      const out = await mountbenchChild(['restore'], s.env);
      expect(out.stdout).toMatch(c.message);
      expect(out.code).toBe(0);
      c.check(s);
      expect(snapshot(s.root)[s.victim]).toBe(victim);
      expect(existsSync(s.ddSettings)).toBe(true);
    });
  }
});
