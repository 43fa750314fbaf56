// The `docker-sync` stand-in: `start`, `sync`, `stop`, `clean`, `list`, `version` for the
// docker-sync.yml in the current folder. `start` creates the volume named after each sync (keeping
// one that exists, as `docker volume create` does), starts a sidecar container of that name with
// the volume at /app_sync, makes the initial sync (native_osx's precopy) and leaves a poller
// syncing both ways (what unison does in the real sidecar), asynchronously. As upstream's
// native_osx.rb, `sync` does nothing under native_osx; under `native` (docker-sync's default on
// Linux) `start` makes a bind-backed volume and nothing syncs. A sync name another project is
// running is refused. With STANDIN_DOCKER_SYNC_UPDATE_AVAILABLE=1 (a newer gem is out), `start`
// asks to update and, without a terminal, exits 1 unless DOCKER_SYNC_SKIP_UPDATE is set
// (update_check.rb, update_enforce true by default).
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const {
  delay,
  fail,
  home,
  listHas,
  pidAlive,
  readJson,
  runMain,
  spawnDetached,
  stopProcess,
  waitFor,
  writeJson,
} = require('./common.cjs');
const { loadConfig } = require('./docker-sync-config.cjs');
const { docker, syncCycle } = require('./sync-engine.cjs');

const VERSION = '1.0.5';
const POLLER = path.join(__dirname, 'docker-sync-poller.cjs');
const SIDECAR_PATH = '/app_sync';
const env = process.env;

const HELP = `docker-sync ${VERSION} — STAND-IN for Mountbench's tests (test/stand-ins/README.md)

Commands (for the docker-sync.yml in the current folder):
  docker-sync start     create the volumes, start the sync containers, initial sync, keep syncing
  docker-sync sync      force a sync cycle and wait for it
  docker-sync stop      stop syncing and the sync containers
  docker-sync clean     stop, then remove the sync containers and volumes
  docker-sync list      the syncs of the config
`;

function registry() {
  return path.join(home(env), '.docker-sync-standin', 'syncs');
}

function projectState(projectDir) {
  const dir = path.join(projectDir, '.docker-sync');
  return {
    dir,
    pidFile: path.join(dir, 'daemon.pid'),
    log: path.join(dir, 'daemon.log'),
    requests: path.join(dir, 'requests'),
  };
}

function fault(op) {
  if (listHas(env.STANDIN_FAIL, 'docker-sync', op))
    fail(`error: stand-in fault: docker-sync ${op} fails (STANDIN_FAIL)`);
}

async function hang(op) {
  if (listHas(env.STANDIN_HANG, 'docker-sync', op)) for (;;) await delay(60_000);
}

function config() {
  try {
    return loadConfig(process.cwd());
  } catch (err) {
    fail(`error: ${err.message}`);
  }
}

function pollerPid(projectDir) {
  const pid = Number.parseInt(fs.readFileSync(projectState(projectDir).pidFile, 'utf8'), 10);
  return pidAlive(pid) ? pid : null;
}

function runningPoller(projectDir) {
  try {
    return pollerPid(projectDir);
  } catch {
    return null;
  }
}

/** Strategies whose `sync` is `# nop` upstream (native_osx.rb, native.rb). */
const NOP_SYNC = ['native_osx', 'native'];

function updateCheck() {
  if (env.DOCKER_SYNC_SKIP_UPDATE || env.STANDIN_DOCKER_SYNC_UPDATE_AVAILABLE !== '1') return;
  process.stdout.write(
    `warning  There is an update (1.0.6) available (current version ${VERSION}). Please update before you continue\n` +
      'Shall I update docker-sync to 1.0.6 for you? ',
  );
  // Thor's yes? reads an answer; without a terminal there is none, and update_enforce exits 1.
  if (!process.stdin.isTTY) process.exit(1);
}

async function start() {
  updateCheck();
  fault('start');
  await hang('start');
  const cfg = config();
  if (runningPoller(cfg.projectDir))
    fail('error: docker-sync is already running for this project (docker-sync stop first)');
  for (const sync of cfg.syncs) {
    const other = readJson(path.join(registry(), `${sync.name}.json`));
    if (other && other.projectDir !== cfg.projectDir && pidAlive(other.pid))
      fail(`error: sync name clash: "${sync.name}" is already used by ${other.projectDir}`);
  }
  const image = env.STANDIN_DOCKER_SYNC_IMAGE || 'busybox';
  for (const sync of cfg.syncs) {
    if (sync.strategy === 'native') {
      // native.rb: a local volume bound to the host folder; no sidecar, nothing to sync.
      await docker(env, [
        'volume',
        'create',
        '--opt',
        'type=none',
        '--opt',
        `device=${sync.src}`,
        '--opt',
        'o=bind',
        '--name',
        sync.name,
      ]);
      continue;
    }
    await docker(env, ['volume', 'create', sync.name]);
    await docker(env, ['rm', '-f', sync.name]).catch(() => undefined);
    await docker(env, [
      'run',
      '-d',
      '--name',
      sync.name,
      '-v',
      `${sync.name}:${SIDECAR_PATH}`,
      image,
      'sleep',
      '2147483647',
    ]);
    // The initial sync happens before start returns, as docker-sync's does.
    await syncCycle(
      { alpha: sync.src, container: sync.name, path: SIDECAR_PATH, mode: 'two-way-resolved', env },
      new Map(),
    );
  }
  const state = projectState(cfg.projectDir);
  fs.mkdirSync(state.dir, { recursive: true });
  const pid = spawnDetached(POLLER, [cfg.file], state.log, env);
  fs.writeFileSync(state.pidFile, `${pid}\n`);
  for (const sync of cfg.syncs)
    writeJson(path.join(registry(), `${sync.name}.json`), {
      pid,
      projectDir: cfg.projectDir,
      volume: sync.name,
    });
  if (!(await waitFor(() => fs.existsSync(path.join(state.dir, 'poller-ready')), { timeoutMs: 10_000 })))
    fail('error: the sync process did not start');
  process.stdout.write(`ok  Started ${cfg.syncs.map((s) => s.name).join(', ')} (stand-in)\n`);
  return 0;
}

async function sync() {
  fault('sync');
  await hang('sync');
  const cfg = config();
  if (cfg.syncs.every((s) => NOP_SYNC.includes(s.strategy))) return 0;
  if (!runningPoller(cfg.projectDir))
    fail('error: docker-sync is not running for this project (docker-sync start first)');
  const state = projectState(cfg.projectDir);
  fs.mkdirSync(state.requests, { recursive: true });
  const id = `${Date.now()}-${crypto.randomBytes(4).toString('hex')}`;
  writeJson(path.join(state.requests, `${id}.request`), {});
  const answerFile = path.join(state.requests, `${id}.answer`);
  const answer = await waitFor(
    () =>
      readJson(answerFile) ??
      (runningPoller(cfg.projectDir) ? null : { ok: false, error: 'the sync process stopped' }),
    { intervalMs: 20 },
  );
  fs.rmSync(answerFile, { force: true });
  if (!answer.ok) fail(`error: sync failed: ${answer.error}`);
  process.stdout.write('ok  Synced\n');
  return 0;
}

async function stop(cfg) {
  const pid = runningPoller(cfg.projectDir);
  if (pid) await stopProcess(pid, { timeoutMs: 10_000 });
  fs.rmSync(projectState(cfg.projectDir).pidFile, { force: true });
  for (const s of cfg.syncs) {
    await docker(env, ['stop', '-t', '1', s.name]).catch(() => undefined);
    const record = readJson(path.join(registry(), `${s.name}.json`));
    if (record && record.projectDir === cfg.projectDir)
      fs.rmSync(path.join(registry(), `${s.name}.json`), { force: true });
  }
}

async function clean() {
  fault('clean');
  await hang('clean');
  const cfg = config();
  await stop(cfg);
  for (const s of cfg.syncs) {
    await docker(env, ['rm', '-f', '-v', s.name]).catch(() => undefined);
    await docker(env, ['volume', 'rm', s.name]).catch((err) => {
      if (!/no such volume/i.test(err.message)) fail(`error: removing volume ${s.name}: ${err.message}`);
    });
  }
  fs.rmSync(projectState(cfg.projectDir).dir, { recursive: true, force: true });
  process.stdout.write('ok  Cleaned up\n');
  return 0;
}

async function main() {
  const [command] = process.argv.slice(2);
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(HELP);
    return 0;
  }
  if (command === 'version' || command === '--version' || command === '-v') {
    process.stdout.write(`${VERSION} (stand-in)\n`);
    return 0;
  }
  if (command === 'start') return start();
  if (command === 'sync') return sync();
  if (command === 'stop') {
    fault('stop');
    await hang('stop');
    await stop(config());
    return 0;
  }
  if (command === 'clean') return clean();
  if (command === 'list') {
    for (const s of config().syncs) process.stdout.write(`${s.name}: ${s.src} (${s.strategy})\n`);
    return 0;
  }
  fail(`Could not find command "${command}". (docker-sync stand-in)`);
}

runMain(main);
