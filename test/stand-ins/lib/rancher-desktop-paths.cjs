// Where Rancher Desktop keeps its files on a Mac, under HOME (engine-settings.md), plus the stand-in's
// own state and log next to rd-engine.json.
'use strict';

const path = require('node:path');
const { home } = require('./common.cjs');

function rdPaths(env = process.env) {
  const h = home(env);
  const appHome = path.join(h, 'Library', 'Application Support', 'rancher-desktop');
  return {
    home: h,
    settings: path.join(h, 'Library', 'Preferences', 'rancher-desktop', 'settings.json'),
    appHome,
    rdEngine: path.join(appHome, 'rd-engine.json'),
    socket: path.join(h, '.rd', 'docker.sock'),
    // The user's locked deployment profile (utils/paths.ts deploymentProfileUser); the system
    // folders /Library/Managed Preferences and /Library/Preferences are outside the sandbox.
    lockedProfile: path.join(h, 'Library', 'Preferences', 'io.rancherdesktop.profile.locked.plist'),
    // Lima's pid file of the VM's host agent (instance `0` in RD's own Lima home, backend/lima.ts).
    limaHostAgentPid: path.join(appHome, 'lima', '0', 'ha.pid'),
    stateFile: path.join(appHome, 'standin', 'state.json'),
    logFile: path.join(appHome, 'standin', 'app.log'),
  };
}

function rdVersion(env = process.env) {
  return (env.STANDIN_RANCHER_DESKTOP_VERSION || '1.20.0').replace(/^v/, '');
}

module.exports = { rdPaths, rdVersion };
