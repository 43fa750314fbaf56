// Where the mutagen stand-in keeps its state, as mutagen does: $MUTAGEN_DATA_DIRECTORY or ~/.mutagen.
// sessions/<id>.json is a session; the daemon alone moves bytes, the CLI asks it through files
// (flush requests, terminations) and waits for its answer.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { home, readJson } = require('./common.cjs');

function dataDir(env = process.env) {
  return env.MUTAGEN_DATA_DIRECTORY || path.join(home(env), '.mutagen');
}

function paths(env = process.env) {
  const root = dataDir(env);
  return {
    root,
    sessions: path.join(root, 'sessions'),
    requests: path.join(root, 'standin-requests'),
    daemonState: path.join(root, 'daemon', 'standin-state.json'),
    daemonLog: path.join(root, 'daemon', 'daemon.log'),
  };
}

function listSessions(env = process.env) {
  const dir = paths(env).sessions;
  let names = [];
  try {
    names = fs.readdirSync(dir).filter((n) => n.endsWith('.json'));
  } catch {
    return [];
  }
  return names.map((n) => readJson(path.join(dir, n))).filter(Boolean);
}

module.exports = { dataDir, paths, listSessions };
