// Starting and finding the stand-in Rancher Desktop app (shared by `rdctl start` and `open -a`).
'use strict';

const path = require('node:path');
const { pidAlive, readJson, spawnDetached } = require('./common.cjs');
const { rdPaths, rdVersion } = require('./rancher-desktop-paths.cjs');

const APP = path.join(__dirname, 'rancher-desktop-app.cjs');

/** The app's pid when it runs (rd-engine.json names it, as the real app's file does). */
function appRunning(env = process.env) {
  const info = readJson(rdPaths(env).rdEngine);
  return info && pidAlive(info.pid) ? info.pid : null;
}

/** Launches the app in the background with optional command-line settings; does not wait. */
function launchApp(env = process.env, startSettings = {}) {
  const options = {
    version: rdVersion(env),
    startSettings,
    maxLifetimeMs: Number.parseInt(env.STANDIN_MAX_LIFETIME_MS ?? '', 10) || 3_600_000,
  };
  return spawnDetached(APP, [JSON.stringify(options)], rdPaths(env).logFile, env);
}

module.exports = { appRunning, launchApp };
