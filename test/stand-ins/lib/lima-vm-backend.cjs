// The limactl stand-in's "VM backend": the one seam between Lima's CLI rules (limactl-cli.cjs) and
// what runs an instance. Today it is the background process every stand-in product uses
// (engine-vm.cjs): it exposes `<instance>/sock/docker.sock` forwarded to the real engine once
// "running", and writes the fs type the instance's mount type shows in containers beside it
// (`docker.sock.fstype`), as the colima stand-in does. A real guest (a QEMU VM booted by the test
// rig, sharing the home folder by 9p or reverse-sshfs) plugs in here by exporting the same four
// functions: boot, halt, status, pidOf.
'use strict';

const path = require('node:path');
const { knobs } = require('./common.cjs');
const { isUp, launchVm, stopVm, vmState, waitVm } = require('./vm-control.cjs');

const FS_TYPE = { 'reverse-sshfs': 'fuse.sshfs', '9p': '9p', virtiofs: 'virtiofs' };

function files(dir) {
  return {
    // The stand-in's own record of its background process (Lima keeps ha.pid and such there).
    stateFile: path.join(dir, 'standin-state.json'),
    socket: path.join(dir, 'sock', 'docker.sock'),
    logFile: path.join(dir, 'ha.stdout.log'),
  };
}

/**
 * Boots the instance in `dir` with its resolved config (`vmType`, `mountType`, `mounts`); resolves
 * to `{ status: 'running' }` once its Docker socket is there, or `{ status: 'error', message }`.
 */
async function boot(dir, config, { watchDir, env = process.env }) {
  const f = files(dir);
  const launch = launchVm(
    {
      product: 'lima',
      stateFile: f.stateFile,
      socketPath: f.socket,
      logFile: f.logFile,
      watchDir,
      knobs: knobs('lima', env),
      failMessage: 'did not receive an event with the "running" status',
      bindFsType: FS_TYPE[config.mountType],
      extra: { vmType: config.vmType, mountType: config.mountType },
    },
    env,
  );
  return waitVm(f.stateFile, launch);
}

/** Shuts the instance down (`force`: at once). */
function halt(dir, { force = false } = {}) {
  return stopVm(files(dir).stateFile, { force });
}

/** `Running` while the instance's process is up, else `Stopped` (a crashed one is `Broken`). */
function status(dir) {
  const state = vmState(files(dir).stateFile);
  if (isUp(state)) return 'Running';
  return state.status === 'error' ? 'Broken' : 'Stopped';
}

/** The pids a test sandbox must end when it is removed. */
function pidOf(dir) {
  return vmState(files(dir).stateFile).pid ?? null;
}

module.exports = { boot, halt, status, pidOf };
