// Docker CLI contexts as the products create them: `desktop-linux`, `rancher-desktop`, `colima` /
// `colima-<profile>`, `orbstack`, stored under $DOCKER_CONFIG/contexts/meta/<sha256(name)>/meta.json,
// and the current context in $DOCKER_CONFIG/config.json (tab-indented, as the Docker CLI writes it).
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { home, writeFileAtomic } = require('./common.cjs');

function dockerConfigDir(env = process.env) {
  return env.DOCKER_CONFIG || path.join(home(env), '.docker');
}

function metaDir(name, env) {
  const digest = crypto.createHash('sha256').update(name).digest('hex');
  return path.join(dockerConfigDir(env), 'contexts', 'meta', digest);
}

function ensureContext(name, socketPath, description, env = process.env) {
  const file = path.join(metaDir(name, env), 'meta.json');
  const meta = {
    Name: name,
    Metadata: { Description: description },
    Endpoints: { docker: { Host: `unix://${socketPath}`, SkipTLSVerify: false } },
  };
  const text = JSON.stringify(meta);
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === text) return;
  writeFileAtomic(file, text);
}

function removeContext(name, env = process.env) {
  fs.rmSync(metaDir(name, env), { recursive: true, force: true });
}

/**
 * Makes `name` the current context, as Docker Desktop (at start) and colima (with autoActivate)
 * do. A config.json that does not parse is left alone: the real products would not fix it either.
 */
function setCurrentContext(name, env = process.env) {
  const file = path.join(dockerConfigDir(env), 'config.json');
  let config = {};
  if (fs.existsSync(file)) {
    try {
      config = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch {
      return false;
    }
  }
  if (config.currentContext === name) return true;
  config.currentContext = name;
  writeFileAtomic(file, JSON.stringify(config, null, '\t'), 0o600);
  return true;
}

module.exports = { dockerConfigDir, ensureContext, removeContext, setCurrentContext };
