// Shared plumbing of the stand-in CLIs: knobs read from the environment (delays, faults), the
// host they pretend to run on, atomic file writes, process liveness and small waits. Plain
// CommonJS so the stand-ins run straight from the source tree, with no build.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { setTimeout: delay } = require('node:timers/promises');

const PRODUCT_PREFIX = {
  'docker-desktop': 'DOCKER_DESKTOP',
  'rancher-desktop': 'RANCHER_DESKTOP',
  colima: 'COLIMA',
  orbstack: 'ORBSTACK',
  lima: 'LIMA',
  podman: 'PODMAN',
};

function home(env = process.env) {
  if (!env.HOME) throw new Error('stand-in: HOME is not set');
  return env.HOME;
}

function numberFrom(value, fallback) {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n >= 0 ? n : fallback;
}

/** `STANDIN_FAIL=start,colima:stop`: an operation matches bare or prefixed by the product id. */
function listHas(list, product, op) {
  return (list ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .some((entry) => entry === op || entry === `${product}:${op}`);
}

/** The timing and fault knobs of one product, from `env` (the caller's environment). */
function knobs(product, env = process.env) {
  const prefix = PRODUCT_PREFIX[product];
  return {
    startMs: numberFrom(env[`STANDIN_${prefix}_START_MS`], numberFrom(env.STANDIN_START_MS, 1000)),
    stopMs: numberFrom(env[`STANDIN_${prefix}_STOP_MS`], numberFrom(env.STANDIN_STOP_MS, 400)),
    fails: (op) => listHas(env.STANDIN_FAIL, product, op),
    hangs: (op) => listHas(env.STANDIN_HANG, product, op),
  };
}

/** Only the STANDIN_* variables: what a CLI hands to an already running app with a request. */
function standinEnv(env = process.env) {
  return Object.fromEntries(Object.entries(env).filter(([k]) => k.startsWith('STANDIN_')));
}

/** "darwin arm64 14.5": the Mac the stand-ins pretend to be (MOUNTBENCH_HOST is the app's own override). */
function hostFacts(env = process.env) {
  const raw = env.STANDIN_HOST || env.MOUNTBENCH_HOST || 'darwin arm64 14.5';
  const [platform = 'darwin', arch = 'arm64', macos = null] = raw.trim().split(/\s+/);
  return { platform, arch, macosVersion: macos };
}

function compareVersions(a, b) {
  const pa = String(a)
    .replace(/^v/, '')
    .split(/[.+-]/)
    .map((p) => Number.parseInt(p, 10) || 0);
  const pb = String(b)
    .replace(/^v/, '')
    .split(/[.+-]/)
    .map((p) => Number.parseInt(p, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

/** Temp file, fsync, rename: the stand-in products never leave a half-written file behind. */
function writeFileAtomic(target, data, mode) {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.${Date.now()}.tmp`);
  const fd = fs.openSync(temp, 'w', mode ?? 0o644);
  try {
    fs.writeSync(fd, data);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(temp, target);
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function writeJson(file, value) {
  writeFileAtomic(file, `${JSON.stringify(value, null, 2)}\n`);
}

function pidAlive(pid) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/** Polls `check` until it returns a truthy value; null after `timeoutMs` (0 = wait forever). */
async function waitFor(check, { timeoutMs = 0, intervalMs = 50 } = {}) {
  const deadline = timeoutMs > 0 ? Date.now() + timeoutMs : Infinity;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() >= deadline) return null;
    await delay(intervalMs);
  }
}

/** Starts a detached background process (a stand-in "app" or "VM") that outlives the CLI. */
function spawnDetached(script, args, logFile, env = process.env, argv0 = undefined) {
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [script, ...args], {
    // argv0: what the process's command line starts with (pgrep -f sees it), as a real app's path.
    ...(argv0 ? { argv0 } : {}),
    detached: true,
    stdio: ['ignore', log, log],
    env,
  });
  fs.closeSync(log);
  child.unref();
  return child.pid;
}

/** Asks a background process to stop, then waits until it is gone (0 = wait forever). */
async function stopProcess(pid, { timeoutMs = 0, force = false } = {}) {
  if (!pidAlive(pid)) return true;
  try {
    process.kill(pid, force ? 'SIGKILL' : 'SIGTERM');
  } catch {
    return true;
  }
  return Boolean(await waitFor(() => !pidAlive(pid), { timeoutMs }));
}

function fail(message, code = 1) {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

/** Keeps an async CLI main from swallowing an exception: prints it and exits non-zero. */
function runMain(main) {
  main().then(
    (code) => process.exit(typeof code === 'number' ? code : 0),
    (err) => fail(`stand-in error: ${err && err.stack ? err.stack : err}`, 2),
  );
}

module.exports = {
  listHas,
  home,
  knobs,
  standinEnv,
  hostFacts,
  compareVersions,
  writeFileAtomic,
  readJson,
  writeJson,
  pidAlive,
  waitFor,
  delay,
  spawnDetached,
  stopProcess,
  fail,
  runMain,
  numberFrom,
};
