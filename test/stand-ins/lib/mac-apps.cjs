// `open -a NAME` and `osascript -e 'quit app "NAME"'` for the stand-in products: the route to
// start and quit Docker Desktop before its CLI plugin existed (< 4.37), and for the other apps.
// Both return at once, as on a Mac; the app starts or quits in the background.
'use strict';

const dd = require('./docker-desktop.cjs');
const orb = require('./orbstack.cjs');
const { appRunning, launchApp } = require('./rancher-desktop-launch.cjs');

const APPS = {
  docker: {
    open: (env) => {
      if (!dd.ddInstalled(env)) return false;
      if (dd.ddState(env).status !== 'running' && dd.ddState(env).status !== 'starting') dd.launchApp(env);
      return true;
    },
    quit: (env) => void dd.stopApp(env, { wait: false }),
  },
  'rancher desktop': {
    open: (env) => {
      if (!appRunning(env)) launchApp(env);
      return true;
    },
    quit: (env) => {
      const pid = appRunning(env);
      if (pid) process.kill(pid, 'SIGTERM');
    },
  },
  orbstack: {
    open: (env) => {
      if (!orb.orbInstalled(env)) return false;
      if (orb.orbState(env).status !== 'running') void orb.startOrb(env, { wait: false });
      return true;
    },
    quit: (env) => void orb.stopOrb(env),
  },
};

function appFor(name) {
  return (
    APPS[
      String(name)
        .replace(/\.app$/, '')
        .toLowerCase()
    ] ?? null
  );
}

module.exports = { appFor };
