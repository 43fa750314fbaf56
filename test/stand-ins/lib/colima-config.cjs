// colima's profile files: ~/.colima/<profile>/colima.yaml (colimaHome below), written
// from colima's own commented default template, and read back for the top-level scalars the
// stand-in needs (vmType, mountType, cpu…). Only those scalars are ever replaced in an existing
// file, so the comments and the user's nested sections survive.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { home, hostFacts, writeFileAtomic } = require('./common.cjs');

/** As colima's config/files.go: $COLIMA_HOME only when it exists, ~/.colima, then the XDG folders. */
function colimaHome(env = process.env) {
  if (env.COLIMA_HOME && fs.existsSync(env.COLIMA_HOME)) return env.COLIMA_HOME;
  const dotColima = path.join(home(env), '.colima');
  if (fs.existsSync(dotColima)) return dotColima;
  if (env.XDG_CONFIG_HOME) return path.join(env.XDG_CONFIG_HOME, 'colima');
  const xdgDefault = path.join(home(env), '.config', 'colima');
  if (fs.existsSync(xdgDefault) || hostFacts(env).platform !== 'darwin') return xdgDefault;
  return dotColima;
}

function profilePaths(profile, env = process.env) {
  const root = colimaHome(env);
  const instance = profile === 'default' ? 'colima' : `colima-${profile}`;
  const limaDir = path.join(root, '_lima', instance);
  return {
    root,
    instance,
    dir: path.join(root, profile),
    config: path.join(root, profile, 'colima.yaml'),
    socket: path.join(root, profile, 'docker.sock'),
    limaDir,
    // `limactl disk create <instance>` under colima's LIMA_HOME (environment/vm/lima/limautil/disk.go).
    dataDisk: path.join(root, '_lima', '_disks', instance),
    stateFile: path.join(limaDir, 'standin-state.json'),
    logFile: path.join(limaDir, 'ha.stdout.log'),
    context: profile === 'default' ? 'colima' : `colima-${profile}`,
    displayName: profile === 'default' ? 'colima' : `colima [profile=${profile}]`,
  };
}

const TEMPLATE = fs.readFileSync(path.join(__dirname, 'colima-template.yaml'), 'utf8');

function scalarText(value) {
  if (typeof value === 'string') return /^[\w.+/-]+$/.test(value) ? value : JSON.stringify(value);
  return String(value);
}

/** Top-level `key: scalar` lines only; nested maps and lists are not the stand-in's business. */
function readScalars(text) {
  const out = {};
  for (const line of text.split('\n')) {
    const m = /^([A-Za-z][\w-]*):[ \t]*([^#\n]*?)[ \t]*(?:#.*)?$/.exec(line);
    if (!m || m[2] === '') continue;
    let value = m[2];
    if (/^".*"$/.test(value)) value = JSON.parse(value);
    else if (value === 'true' || value === 'false') value = value === 'true';
    else if (/^-?\d+$/.test(value)) value = Number(value);
    out[m[1]] = value;
  }
  return out;
}

function replaceScalars(text, values) {
  let result = text;
  for (const [key, value] of Object.entries(values)) {
    const re = new RegExp(`^${key}:[ \\t]*[^\\n]*$`, 'm');
    result = re.test(result)
      ? result.replace(re, `${key}: ${scalarText(value)}`)
      : `${result}\n${key}: ${scalarText(value)}\n`;
  }
  return result;
}

function readConfig(profile, env) {
  const file = profilePaths(profile, env).config;
  return fs.existsSync(file) ? readScalars(fs.readFileSync(file, 'utf8')) : null;
}

/** colima saves the config at every start: changed scalars only, or the template for a new profile. */
function saveConfig(profile, values, env) {
  const file = profilePaths(profile, env).config;
  const existing = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : TEMPLATE;
  const current = readScalars(existing);
  const changed = Object.fromEntries(Object.entries(values).filter(([k, v]) => current[k] !== v));
  if (fs.existsSync(file) && Object.keys(changed).length === 0) return;
  writeFileAtomic(file, replaceScalars(existing, changed));
}

module.exports = { colimaHome, profilePaths, readConfig, saveConfig, readScalars };
