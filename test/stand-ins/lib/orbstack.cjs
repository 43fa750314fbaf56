// OrbStack as Mountbench sees it: an app with no file-sharing choice, a socket at
// ~/.orbstack/run/docker.sock and a context `orbstack`. Installed = ~/.orbstack exists.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { home, knobs } = require('./common.cjs');
const { ensureContext } = require('./docker-contexts.cjs');
const { launchVm, stopVm, vmState, waitVm } = require('./vm-control.cjs');

const PRODUCT = 'orbstack';

function orbPaths(env = process.env) {
  const h = home(env);
  const root = path.join(h, '.orbstack');
  return {
    home: h,
    root,
    socket: path.join(root, 'run', 'docker.sock'),
    stateFile: path.join(root, 'standin', 'state.json'),
    logFile: path.join(root, 'standin', 'app.log'),
  };
}

function orbVersion(env = process.env) {
  return env.STANDIN_ORBSTACK_VERSION || '1.10.3';
}

function orbInstalled(env = process.env) {
  return fs.existsSync(orbPaths(env).root);
}

function orbState(env = process.env) {
  return vmState(orbPaths(env).stateFile);
}

async function startOrb(env = process.env, { wait = true } = {}) {
  const paths = orbPaths(env);
  const launch = launchVm(
    {
      product: PRODUCT,
      stateFile: paths.stateFile,
      socketPath: paths.socket,
      logFile: paths.logFile,
      watchDir: paths.home,
      knobs: knobs(PRODUCT, env),
      failMessage: 'OrbStack failed to start (STANDIN_FAIL=start)',
      // Unconfirmed: OrbStack serves bind mounts over VirtioFS with its own caching.
      bindFsType: 'virtiofs',
      extra: { version: orbVersion(env) },
    },
    env,
  );
  ensureContext('orbstack', paths.socket, 'OrbStack', env);
  return wait ? waitVm(paths.stateFile, launch) : { status: 'starting' };
}

function stopOrb(env = process.env) {
  return stopVm(orbPaths(env).stateFile);
}

module.exports = { PRODUCT, orbPaths, orbVersion, orbInstalled, orbState, startOrb, stopOrb };
