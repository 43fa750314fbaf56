// The byte-moving core shared by the mutagen and docker-sync stand-ins: one synchronization cycle
// between a host folder (alpha) and a folder inside a running container (beta), through the real
// docker CLI (`docker exec` with tar streams, as mutagen's docker transport and docker-sync's
// sidecars do). Each side is scanned (size + nanosecond mtime), compared with what the last cycle
// left, and every change is carried across; both sides changed is a conflict that the mode decides.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');

const MODES = ['two-way-safe', 'two-way-resolved', 'one-way-safe', 'one-way-replica'];

/** The real docker CLI: the first `docker` on PATH that is not a stand-in wrapper. */
function realDocker(env) {
  if (env.STANDIN_REAL_DOCKER) return env.STANDIN_REAL_DOCKER;
  const standIns = fs.realpathSync(path.join(__dirname, '..'));
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, 'docker');
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (path.dirname(fs.realpathSync(candidate)) !== standIns) return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/** Runs `docker args…`, feeding `input` (string/Buffer) and collecting stdout as a Buffer. */
function docker(env, args, input) {
  const cli = realDocker(env);
  if (!cli) return Promise.reject(new Error('no docker CLI on PATH'));
  return new Promise((resolve, reject) => {
    const child = spawn(cli, args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
    const out = [];
    let err = '';
    child.stdout.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => (err += c));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new Error(`docker ${args.slice(0, 3).join(' ')} failed: ${err.trim() || `exit ${code}`}`));
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(input ?? '');
  });
}

/** Pipes `from`'s stdout into `to`'s stdin; resolves when both ended well. */
function pipeProcesses(from, to) {
  const [fromCmd, fromArgs, fromOpts, fromInput] = from;
  const [toCmd, toArgs, toOpts] = to;
  return new Promise((resolve, reject) => {
    const a = spawn(fromCmd, fromArgs, { ...fromOpts, stdio: ['pipe', 'pipe', 'pipe'] });
    const b = spawn(toCmd, toArgs, { ...toOpts, stdio: ['pipe', 'ignore', 'pipe'] });
    let errA = '';
    let errB = '';
    a.stderr.on('data', (c) => (errA += c));
    b.stderr.on('data', (c) => (errB += c));
    a.stdout.pipe(b.stdin);
    b.stdin.on('error', () => undefined);
    a.stdin.on('error', () => undefined);
    a.stdin.end(fromInput ?? '');
    let left = 2;
    let failed = null;
    const done = (which, code, err) => {
      if (code !== 0 && !failed) failed = `${which} exited ${code}: ${err.trim()}`;
      if (--left > 0) return;
      if (failed) reject(new Error(failed));
      else resolve();
    };
    a.on('error', reject);
    b.on('error', reject);
    a.on('close', (code) => done(fromCmd, code, errA));
    b.on('close', (code) => done(toCmd, code, errB));
  });
}

function quote(value) {
  return `'${String(value).replace(/'/g, `'\\''`)}'`;
}

/** alpha: relative path → `d` or `f <size> <mtime ns>`. */
function scanHost(root) {
  const out = new Map();
  fs.mkdirSync(root, { recursive: true });
  const walk = (rel) => {
    for (const entry of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        out.set(child, 'd');
        walk(child);
      } else if (entry.isFile()) {
        const st = fs.statSync(path.join(root, child), { bigint: true });
        out.set(child, `f ${st.size} ${st.mtimeNs}`);
      }
    }
  };
  walk('');
  return out;
}

/** BusyBox `stat -c '%y'`: `2026-11-30 01:32:32.686908798 +0000` → nanoseconds as a string. */
function nanosFrom(stamp) {
  const m = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d+))? ([+-]\d{4})$/.exec(stamp.trim());
  if (!m) return stamp.trim();
  const seconds = Date.parse(`${m[1]}T${m[2]}${m[4].slice(0, 3)}:${m[4].slice(3)}`) / 1000;
  return `${BigInt(seconds) * 1_000_000_000n + BigInt((m[3] ?? '0').padEnd(9, '0').slice(0, 9))}`;
}

function parseStatLines(text, into) {
  for (const line of text.split('\n')) {
    const m = /^(\d+) ([^|]+)\|(?:\.\/)?(.+)$/.exec(line);
    if (m) into.set(m[3], `f ${m[1]} ${nanosFrom(m[2])}`);
  }
  return into;
}

async function scanContainer(env, container, dir) {
  const script =
    `mkdir -p ${quote(dir)} && cd ${quote(dir)} && find . -mindepth 1 -type d | sed 's/^/d /' && ` +
    `find . -type f -exec stat -c '%s %y|%n' {} +`;
  const text = (await docker(env, ['exec', container, 'sh', '-c', script])).toString('utf8');
  const out = new Map();
  for (const line of text.split('\n')) {
    if (line.startsWith('d ')) out.set(line.slice(2).replace(/^\.\//, ''), 'd');
  }
  return parseStatLines(text, out);
}

async function statInContainer(env, container, dir, files) {
  if (!files.length) return new Map();
  const text = (
    await docker(
      env,
      ['exec', '-i', container, 'sh', '-c', `cd ${quote(dir)} && xargs stat -c '%s %y|%n'`],
      `${files.join('\n')}\n`,
    )
  ).toString('utf8');
  return parseStatLines(text, new Map());
}

function statOnHost(root, rel) {
  try {
    const st = fs.statSync(path.join(root, rel), { bigint: true });
    return st.isDirectory() ? 'd' : `f ${st.size} ${st.mtimeNs}`;
  } catch {
    return undefined;
  }
}

/**
 * One cycle. `session`: { alpha, container, path, mode, env }; `last`: Map rel → {a, b} from the
 * previous cycle (mutated). Returns { pushed, pulled, deleted, conflicts }.
 */
async function syncCycle(session, last) {
  const { alpha, container, path: beta, mode, env } = session;
  const A = scanHost(alpha);
  const B = await scanContainer(env, container, beta);
  const push = [];
  const pull = [];
  const deleteB = [];
  const deleteA = [];
  const conflicts = [];
  const keys = new Set([...A.keys(), ...B.keys(), ...last.keys()]);
  for (const rel of keys) {
    const a = A.get(rel);
    const b = B.get(rel);
    const l = last.get(rel) ?? {};
    const aChanged = a !== l.a;
    const bChanged = b !== l.b;
    if (!aChanged && !bChanged) continue;
    // `holdMs`: a change is carried across only once it has been seen that long (propagation delay).
    if (session.holdMs > 0) {
      const seenKey = `${rel}\0${a}\0${b}`;
      const seen = session.firstSeen.get(seenKey);
      if (seen === undefined) session.firstSeen.set(seenKey, Date.now());
      if (seen === undefined || Date.now() - seen < session.holdMs) continue;
      session.firstSeen.delete(seenKey);
    }
    let direction;
    if (mode === 'one-way-replica') direction = 'push';
    else if (aChanged && !bChanged) direction = 'push';
    else if (!aChanged && bChanged) direction = mode.startsWith('one-way') ? 'keep' : 'pull';
    else if (a === undefined && b === undefined) direction = 'forget';
    else if (a === 'd' && b === 'd') direction = 'same';
    else if (mode === 'two-way-resolved' || mode === 'one-way-safe') direction = 'push';
    else direction = 'conflict';
    if (direction === 'push') (a === undefined ? deleteB : push).push(rel);
    else if (direction === 'pull') (b === undefined ? deleteA : pull).push(rel);
    else if (direction === 'forget') last.delete(rel);
    else if (direction === 'same') last.set(rel, { a, b });
    else if (direction === 'conflict') conflicts.push(rel);
    else last.set(rel, { a: l.a, b });
  }
  const q = quote(beta);
  if (deleteB.length) {
    await docker(
      env,
      ['exec', '-i', container, 'sh', '-c', `cd ${q} && xargs rm -rf --`],
      `${deleteB.join('\n')}\n`,
    );
    for (const rel of deleteB) last.delete(rel);
  }
  const pushDirs = push.filter((rel) => A.get(rel) === 'd');
  const pushFiles = push.filter((rel) => A.get(rel) !== 'd');
  if (pushDirs.length) {
    await docker(
      env,
      ['exec', '-i', container, 'sh', '-c', `cd ${q} && xargs mkdir -p --`],
      `${pushDirs.join('\n')}\n`,
    );
    for (const rel of pushDirs) last.set(rel, { a: 'd', b: 'd' });
  }
  if (pushFiles.length) {
    // A file replaced by a folder (or the reverse) must go before tar can lay the new one.
    await pipeProcesses(
      [
        'tar',
        ['-c', '-f', '-', '-C', alpha, '--no-recursion', '-T', '-'],
        { env },
        `${pushFiles.join('\n')}\n`,
      ],
      [realDocker(env), ['exec', '-i', container, 'tar', '-x', '-f', '-', '-C', beta], { env }],
    );
    const after = await statInContainer(env, container, beta, pushFiles);
    for (const rel of pushFiles) last.set(rel, { a: A.get(rel), b: after.get(rel) });
  }
  for (const rel of deleteA) {
    fs.rmSync(path.join(alpha, rel), { recursive: true, force: true });
    last.delete(rel);
  }
  const pullDirs = pull.filter((rel) => B.get(rel) === 'd');
  const pullFiles = pull.filter((rel) => B.get(rel) !== 'd');
  for (const rel of pullDirs) {
    fs.mkdirSync(path.join(alpha, rel), { recursive: true });
    last.set(rel, { a: 'd', b: 'd' });
  }
  if (pullFiles.length) {
    // Staged, then renamed into place, as both real tools do (mutagen relocates staged files,
    // unison writes `.unison.tmp` files): the host never shows a half-written file.
    const stage = fs.mkdtempSync(path.join(path.dirname(alpha), `.${path.basename(alpha)}.staging-`));
    try {
      // BusyBox tar has no -T: xargs may start several tars, hence GNU tar's --ignore-zeros.
      await pipeProcesses(
        [
          realDocker(env),
          ['exec', '-i', container, 'sh', '-c', `cd ${q} && xargs tar -c -f - --`],
          { env },
          `${pullFiles.join('\n')}\n`,
        ],
        ['tar', ['-x', '-i', '-f', '-', '-C', stage], { env }],
      );
      for (const rel of pullFiles) {
        fs.mkdirSync(path.dirname(path.join(alpha, rel)), { recursive: true });
        fs.renameSync(path.join(stage, rel), path.join(alpha, rel));
      }
    } finally {
      fs.rmSync(stage, { recursive: true, force: true });
    }
    for (const rel of pullFiles) last.set(rel, { a: statOnHost(alpha, rel), b: B.get(rel) });
  }
  return {
    pushed: push.length,
    pulled: pull.length,
    deleted: deleteA.length + deleteB.length,
    conflicts,
  };
}

/** Is the container there and running? (Both tools refuse a stopped one.) */
async function containerRunning(env, container) {
  try {
    const out = await docker(env, ['inspect', '-f', '{{.State.Running}}', container]);
    return out.toString('utf8').trim() === 'true';
  } catch {
    return false;
  }
}

module.exports = { MODES, syncCycle, containerRunning, docker, realDocker, scanHost };
