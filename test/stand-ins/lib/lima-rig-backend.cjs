// The limactl stand-in's VM backend with a real guest behind it (STANDIN_LIMA_BACKEND=vm-rig, for
// the VM suite): `boot` starts a detached STAND-IN host agent (test/vm-rig/lima-hostagent.ts) that
// boots the VM rig's QEMU guest with the instance's mounts shared as its `mountType` asks, and
// resolves once `<instance>/sock/docker.sock` answers; the agent outlives `limactl start`, as Lima's
// hostagent does. `halt` sends SIGINT (what `limactl stop` sends) and waits until the agent has
// powered the guest off; `--force` kills the agent's whole process group (QEMU and its ssh
// sessions too), so nothing is left either way. Same four functions as lima-vm-backend.cjs.
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { pidAlive, readJson, waitFor, writeJson } = require('./common.cjs');

const AGENT = path.join(__dirname, '..', '..', 'vm-rig', 'lima-hostagent.ts');

function files(dir) {
  return {
    // The sandbox's cleanup reads `pid` from this file (test/stand-ins/sandbox.ts).
    stateFile: path.join(dir, 'standin-state.json'),
    socket: path.join(dir, 'sock', 'docker.sock'),
    // Lima's names: the host agent's log and the instance's own writable disk.
    logFile: path.join(dir, 'ha.stdout.log'),
    disk: path.join(dir, 'diffdisk'),
  };
}

function state(dir) {
  const s = readJson(files(dir).stateFile);
  if (!s) return { status: 'stopped', pid: null };
  if (s.pid && !pidAlive(s.pid))
    return { ...s, status: s.status === 'error' ? 'error' : 'stopped', pid: null };
  return s;
}

async function boot(dir, config, { env = process.env } = {}) {
  const f = files(dir);
  const hostPath = env.STANDIN_LIMA_RIG_HOST_PATH;
  if (!hostPath)
    return { status: 'error', message: 'STANDIN_LIMA_RIG_HOST_PATH (the host PATH with QEMU) is not set' };
  const launchId = crypto.randomBytes(6).toString('hex');
  const spec = {
    launchId,
    stateFile: f.stateFile,
    socketPath: f.socket,
    diskPath: f.disk,
    mountType: config.mountType,
    mounts: config.mounts,
    images: (env.STANDIN_LIMA_RIG_IMAGES ?? '').split(',').filter(Boolean),
    hostPath,
  };
  fs.mkdirSync(path.dirname(f.socket), { recursive: true });
  const log = fs.openSync(f.logFile, 'a');
  const child = spawn(process.execPath, ['-r', 'tsx/cjs', AGENT, JSON.stringify(spec)], {
    // tsx/cjs resolves from the checkout's node_modules, whatever folder the caller runs in.
    cwd: path.join(__dirname, '..', '..', '..'),
    detached: true,
    stdio: ['ignore', log, log],
    env,
  });
  fs.closeSync(log);
  child.unref();
  writeJson(f.stateFile, {
    standIn: true,
    product: 'lima',
    launchId,
    pid: child.pid,
    status: 'starting',
    socket: f.socket,
    mountType: config.mountType,
    since: new Date().toISOString(),
  });
  const done = await waitFor(
    () => {
      const s = readJson(f.stateFile);
      if (s && s.launchId === launchId && (s.status === 'running' || s.status === 'error')) return s;
      if (!pidAlive(child.pid)) return s ?? { status: 'error', message: 'the host agent exited' };
      return null;
    },
    { intervalMs: 500 },
  );
  if (done.status === 'running') return { status: 'running' };
  // Wait for the agent to power off what it booted before saying so.
  await waitFor(() => !pidAlive(child.pid), { intervalMs: 500 });
  return { status: 'error', message: `${done.message ?? 'the host agent failed'} (log: ${f.logFile})` };
}

async function halt(dir, { force = false } = {}) {
  const f = files(dir);
  const s = state(dir);
  if (s.pid) {
    try {
      if (force) process.kill(-s.pid, 'SIGKILL');
      else process.kill(s.pid, 'SIGINT');
    } catch {
      // already gone
    }
    await waitFor(() => !pidAlive(s.pid), { intervalMs: 500 });
  }
  fs.rmSync(f.socket, { force: true });
  const now = readJson(f.stateFile);
  if (now) writeJson(f.stateFile, { ...now, status: 'stopped', pid: null });
  return true;
}

/** `Running` while the host agent is up (booting included, as Lima counts its hostagent), `Broken` after a failed boot. */
function status(dir) {
  const s = state(dir);
  if (s.pid && ['starting', 'running', 'stopping'].includes(s.status)) return 'Running';
  return s.status === 'error' ? 'Broken' : 'Stopped';
}

function pidOf(dir) {
  return state(dir).pid ?? null;
}

module.exports = { boot, halt, status, pidOf };
