// The `docker-compose` stand-in (Compose v2's standalone binary): `version [--short]` and
// `-p NAME -f FILE watch --no-up`, doing what Compose's watcher does for the `sync` action
// (docker/compose pkg/watch and pkg/compose/watch.go, internal/sync/tar.go; docs/product-facts.md,
// Compose Watch): it watches every folder under each sync trigger's `path` (one watch per folder,
// as fsnotify does on Linux; a new folder is walked so files made before its watch are not missed),
// drops editors' temporary files and `.git/`, gathers events until 500 ms pass with none (Compose's
// QuietPeriod), then for each batch deletes the paths that are gone (`rm -rf` by exec) and copies
// the rest, with their parent folders, as one tar stream into the container at `/` through the
// engine's archive API (`docker cp -a -`, CopyToContainer with CopyUIDGID). The containers are the
// project's service containers found by Compose's labels. It reads only the JSON form of a compose
// file and refuses what it does not emulate: no `--no-up` (it cannot build or start services),
// actions other than `sync`.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { spawn, execFileSync } = require('node:child_process');
const { fail, numberFrom, runMain } = require('./common.cjs');

const env = process.env;
const VERSION = env.STANDIN_COMPOSE_VERSION || '2.40.3';
const QUIET_MS = 500;
const EPHEMERAL = [
  /___jb_(old|tmp)___$/,
  /^\.#/,
  /^#.*#$/,
  /^4913$/,
  /~$/,
  /^\..*\.sw[pxon]$/,
  /^\..*\.kate-swp$/,
  /-go-tmp-umask$/,
];

function parseArgs(argv) {
  const o = { project: null, files: [], rest: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '-p' || a === '--project-name') o.project = argv[++i];
    else if (a === '-f' || a === '--file') o.files.push(argv[++i]);
    else o.rest.push(a);
  }
  return o;
}

function readProject(file, project) {
  const text = fs.readFileSync(file, 'utf8');
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    fail(`stand-in: ${file}: only the JSON form of a compose file is read here`);
  }
  const name = project || parsed.name;
  if (!name || !/^[a-z0-9][a-z0-9_-]*$/.test(name)) fail(`invalid project name "${name}"`);
  const triggers = [];
  for (const [service, config] of Object.entries(parsed.services || {})) {
    const watch = config && config.develop && config.develop.watch;
    if (!Array.isArray(watch)) continue;
    for (const t of watch) {
      if (t.action !== 'sync') fail(`stand-in: watch action "${t.action}" is not emulated (only sync)`);
      if (typeof t.path !== 'string' || typeof t.target !== 'string' || !t.target.startsWith('/'))
        fail(`service "${service}": a sync trigger needs a path and an absolute target`);
      const hostPath = path.resolve(path.dirname(file), t.path);
      if (!fs.existsSync(hostPath)) fail(`stat ${hostPath}: no such file or directory`);
      triggers.push({ service, hostPath, target: t.target });
    }
  }
  if (!triggers.length)
    fail("none of the selected services is configured for watch, consider setting a 'develop' section");
  return { name, triggers };
}

function ignored(rel) {
  const parts = rel.split(path.sep);
  if (parts.includes('.git')) return true;
  const base = parts[parts.length - 1];
  return EPHEMERAL.some((re) => re.test(base));
}

function containersFor(project, service) {
  const out = execFileSync(
    'docker',
    [
      'ps',
      '-a',
      '-q',
      '--filter',
      `label=com.docker.compose.project=${project}`,
      '--filter',
      `label=com.docker.compose.service=${service}`,
      '--filter',
      'label=com.docker.compose.config-hash',
      '--filter',
      'label=com.docker.compose.oneoff=False',
    ],
    { encoding: 'utf8', env },
  );
  return out.split('\n').filter(Boolean);
}

function run(cmd, args, input) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ['pipe', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c) => (err += c));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args[0]}: ${err.trim()}`)),
    );
    if (input) input.pipe(child.stdin);
    else child.stdin.end();
  });
}

/** Every entry under a folder (Compose archives a folder's whole tree), parents first. */
function walk(root, rel, into) {
  into.push(rel);
  let entries = [];
  try {
    entries = fs.readdirSync(path.join(root, rel), { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    const child = rel ? path.join(rel, e.name) : e.name;
    if (ignored(child)) continue;
    if (e.isDirectory()) walk(root, child, into);
    else into.push(child);
  }
}

async function syncBatch(project, trigger, rels) {
  const copy = new Set();
  const remove = [];
  for (const rel of rels) {
    const full = path.join(trigger.hostPath, rel);
    let st = null;
    try {
      st = fs.lstatSync(full);
    } catch {
      remove.push(path.posix.join(trigger.target, rel.split(path.sep).join('/')));
      continue;
    }
    // keepImpliedDirectories: the parent folders travel too.
    const parts = rel.split(path.sep);
    for (let i = 1; i < parts.length; i++) copy.add(parts.slice(0, i).join(path.sep));
    if (st.isDirectory()) {
      const all = [];
      walk(trigger.hostPath, rel, all);
      for (const r of all) copy.add(r);
    } else copy.add(rel);
  }
  const ids = containersFor(project, trigger.service);
  process.stdout.write(`Syncing service "${trigger.service}" after ${rels.length} changes were detected\n`);
  const targetRel = trigger.target.replace(/^\/+/, '').replace(/\/+$/, '');
  for (const id of ids) {
    if (remove.length) await run('docker', ['exec', id, 'rm', '-rf', ...remove]);
    if (!copy.size) continue;
    const list = [...copy].sort(
      (a, b) => a.split(path.sep).length - b.split(path.sep).length || a.localeCompare(b),
    );
    const tar = spawn(
      'tar',
      [
        '-c',
        '-f',
        '-',
        '-C',
        trigger.hostPath,
        '--no-recursion',
        '--null',
        '-T',
        '-',
        '--transform',
        `s,^,${targetRel}/,`,
      ],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    tar.stdin.end(list.map((r) => `${r}\0`).join(''));
    await run('docker', ['cp', '-a', '-', `${id}:/`], tar.stdout);
  }
}

function watchTrigger(project, trigger) {
  const watchers = new Map();
  let pending = new Set();
  let timer = null;
  let busy = Promise.resolve();
  const flush = () => {
    timer = null;
    const batch = [...pending];
    pending = new Set();
    if (!batch.length) return;
    busy = busy
      .then(() => syncBatch(project, trigger, batch))
      .catch((err) => process.stderr.write(`stand-in compose watch: ${err.message}\n`));
  };
  const event = (rel) => {
    if (!rel || ignored(rel)) return;
    pending.add(rel);
    // The quiet period restarts with every event (Compose resets its ticker on each one).
    if (timer) clearTimeout(timer);
    timer = setTimeout(flush, QUIET_MS);
  };
  const watchDir = (rel, announce) => {
    if (watchers.has(rel)) return;
    const full = path.join(trigger.hostPath, rel);
    let w;
    try {
      w = fs.watch(full, (type, name) => {
        if (!name) return;
        const child = rel ? path.join(rel, name.toString()) : name.toString();
        event(child);
        let st = null;
        try {
          st = fs.statSync(path.join(trigger.hostPath, child));
        } catch {
          for (const [k, v] of watchers)
            if (k === child || k.startsWith(child + path.sep)) {
              v.close();
              watchers.delete(k);
            }
          return;
        }
        if (st.isDirectory()) watchDir(child, true);
      });
    } catch {
      return;
    }
    watchers.set(rel, w);
    for (const e of fs.readdirSync(full, { withFileTypes: true })) {
      const child = rel ? path.join(rel, e.name) : e.name;
      if (ignored(child)) continue;
      if (announce) event(child);
      if (e.isDirectory()) watchDir(child, announce);
    }
  };
  watchDir('', false);
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  const [command, ...args] = o.rest;
  if (command === 'version') {
    process.stdout.write(
      args.includes('--short') ? `${VERSION}\n` : `Docker Compose version v${VERSION} (stand-in)\n`,
    );
    return 0;
  }
  if (command !== 'watch') fail(`stand-in: only "version" and "watch" are emulated, not "${command}"`);
  for (const a of args) if (a !== '--no-up') fail(`stand-in: unknown flag ${a}`);
  if (!args.includes('--no-up')) fail('stand-in: it cannot build or start services; pass --no-up');
  const file = o.files[0] || path.join(process.cwd(), 'compose.yaml');
  const project = readProject(file, o.project);
  for (const t of project.triggers) watchTrigger(project.name, t);
  process.stdout.write('Watch enabled\n');
  const lifetime = numberFrom(env.STANDIN_MAX_LIFETIME_MS, 0);
  if (lifetime) setTimeout(() => process.exit(0), lifetime).unref();
  process.on('SIGTERM', () => process.exit(0));
  process.on('SIGINT', () => process.exit(0));
  return new Promise(() => undefined);
}

runMain(main);
