// What a stand-in CLI does to the background "VM" process of engine-vm.cjs: launch it, read its
// state, wait until it is up, stop it. The state file is the only channel between them.
'use strict';

const crypto = require('node:crypto');
const path = require('node:path');
const { pidAlive, readJson, spawnDetached, stopProcess, waitFor, writeJson } = require('./common.cjs');
const { engineSocket } = require('./forwarder.cjs');

const ENGINE_VM = path.join(__dirname, 'engine-vm.cjs');
const ONE_HOUR = 60 * 60 * 1000;

/** The state as the CLI should see it: a process that died without a word counts as stopped. */
function vmState(stateFile) {
  const state = readJson(stateFile);
  if (!state) return { status: 'stopped' };
  if (state.pid && !pidAlive(state.pid) && state.status !== 'error')
    return { ...state, status: 'stopped', pid: null };
  return state;
}

function isUp(state) {
  return state.status === 'running' || state.status === 'starting' || state.status === 'stopping';
}

/**
 * Starts the background process. `spec`: product, stateFile, socketPath, logFile, watchDir,
 * knobs (from common.knobs), extra (merged into the state), keepFile, failMessage, bindFsType,
 * share ({ dir, fsType }: a FUSE share to mount over dir while it runs, see fuse-share.cjs),
 * argv0 and args (what the process's command line starts with, and words after its options).
 */
function launchVm(spec, env = process.env) {
  const launchId = crypto.randomBytes(6).toString('hex');
  const options = {
    product: spec.product,
    launchId,
    stateFile: spec.stateFile,
    socketPath: spec.socketPath,
    target: engineSocket(env),
    watchDir: spec.watchDir,
    startMs: spec.knobs.startMs,
    stopMs: spec.knobs.stopMs,
    failStart: spec.knobs.fails('start'),
    hangStart: spec.knobs.hangs('start'),
    hangStop: spec.knobs.hangs('stop'),
    failMessage: spec.failMessage ?? 'the virtual machine did not boot (STANDIN_FAIL=start)',
    keepFile: spec.keepFile ?? null,
    bindFsType: spec.bindFsType ?? null,
    share: spec.share ?? null,
    extra: spec.extra ?? {},
    maxLifetimeMs: Number.parseInt(env.STANDIN_MAX_LIFETIME_MS ?? '', 10) || ONE_HOUR,
    lingerMs: spec.lingerMs ?? 0,
  };
  // `argv0`: the start of the process's command line, as a real app's executable path is (pgrep -f).
  const pid = spawnDetached(
    ENGINE_VM,
    [JSON.stringify(options), ...(spec.args ?? [])],
    spec.logFile,
    env,
    spec.argv0,
  );
  // Launched is starting: a status asked before the process has booted far enough to say so
  // itself must not read "stopped" (a caller would then write settings the process overwrites).
  const previous = readJson(spec.stateFile) ?? {};
  if (previous.launchId !== launchId) {
    writeJson(spec.stateFile, {
      ...previous,
      ...options.extra,
      standIn: true,
      product: spec.product,
      launchId,
      pid,
      status: 'starting',
      socket: spec.socketPath,
      since: new Date().toISOString(),
    });
  }
  return { pid, launchId };
}

/** Waits until the launched process is running or has failed; null on timeout (0 = forever). */
async function waitVm(stateFile, launch, { timeoutMs = 0 } = {}) {
  return waitFor(
    () => {
      const state = readJson(stateFile);
      if (
        state &&
        state.launchId === launch.launchId &&
        (state.status === 'running' || state.status === 'error')
      )
        return state;
      if (!pidAlive(launch.pid)) {
        return state && state.launchId === launch.launchId
          ? state
          : { status: 'error', message: 'the process exited before it was ready' };
      }
      return null;
    },
    { timeoutMs },
  );
}

/** Done when the product says it stopped: its process may linger on after that (lingerMs). */
async function stopVm(stateFile, { timeoutMs = 0, force = false } = {}) {
  const state = vmState(stateFile);
  if (!state.pid) return true;
  if (force || !state.lingerMs) return stopProcess(state.pid, { timeoutMs, force });
  try {
    process.kill(state.pid, 'SIGTERM');
  } catch {
    return true;
  }
  return Boolean(await waitFor(() => vmState(stateFile).status === 'stopped', { timeoutMs }));
}

module.exports = { vmState, isUp, launchVm, waitVm, stopVm };
