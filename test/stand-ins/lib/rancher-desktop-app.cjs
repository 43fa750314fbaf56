// The stand-in Rancher Desktop app: a background process with RD's HTTP API on 127.0.0.1 (port and
// credentials in rd-engine.json), owning settings.json (it loads, migrates and re-saves it in its
// compact form, as settingsImpl does), and a backend that boots, exposes ~/.rd/docker.sock and
// restarts by itself when a settings change needs it. Run as: node rancher-desktop-app.cjs '<JSON>'.
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const http = require('node:http');
const { setImmediate, setInterval } = require('node:timers');
const { delay, hostFacts, knobs, writeFileAtomic, writeJson } = require('./common.cjs');
const { createForwarder, engineSocket } = require('./forwarder.cjs');
const { ensureContext } = require('./docker-contexts.cjs');
const rd = require('./rd-settings.cjs');
const { rdPaths } = require('./rancher-desktop-paths.cjs');
const { parsePlist } = require('./plist-xml.cjs');

const options = JSON.parse(process.argv[2]);
const env = process.env;
const paths = rdPaths(env);
const host = hostFacts(env);
const settingsVersion = rd.settingsVersionFor(options.version);
const credentials = { user: 'user', password: crypto.randomBytes(16).toString('base64url') };
const startedAt = Date.now();

let settings = null;
// The locked deployment profile as its leaves, each `true` (settingsImpl.getLockedSettings).
let lockedFields = {};
let vmState = 'STOPPED';
let stateMessage = null;
let forwarder = null;
let busy = false;
let pendingRestart = false;
let shuttingDown = false;
let generation = 0;

function log(message) {
  process.stdout.write(`${new Date().toISOString()} rancher-desktop stand-in: ${message}\n`);
}

/**
 * Rancher Desktop's VM is a Lima instance (`lima/0` under the app's folder) whose host agent keeps
 * `ha.pid` there while it runs; this process stands in for that agent.
 */
function recordHostAgent(running) {
  if (running) writeFileAtomic(paths.limaHostAgentPid, `${process.pid}\n`);
  else fs.rmSync(paths.limaHostAgentPid, { force: true });
}

function setVmState(state, message = null) {
  vmState = state;
  stateMessage = message;
  recordHostAgent(
    state === 'STARTING' || state === 'STARTED' || state === 'DISABLED' || state === 'STOPPING',
  );
  writeJson(paths.stateFile, {
    standIn: true,
    product: 'rancher-desktop',
    version: options.version,
    settingsVersion,
    pid: process.pid,
    vmState,
    message: stateMessage,
    since: new Date().toISOString(),
  });
  log(`backend ${state}${message ? `: ${message}` : ''}`);
}

/** RD saves with JSON.stringify and no whitespace (settingsImpl.save). */
function save() {
  writeFileAtomic(paths.settings, JSON.stringify(settings));
}

/** loadFromDisk: a missing or unparsable file becomes the defaults (the real app's slip, kept on purpose). */
function load() {
  const defaults = rd.defaultSettings(settingsVersion, host);
  let raw = null;
  try {
    raw = fs.readFileSync(paths.settings, 'utf8');
  } catch {
    log('no settings file: first run, using defaults');
    return defaults;
  }
  try {
    const parsed = JSON.parse(raw);
    if (parsed.version < settingsVersion) rd.migrate(parsed, settingsVersion);
    return rd.defaultsDeep(parsed, defaults);
  } catch (err) {
    log(
      `settings file does not parse (${err.message}): replacing it with the defaults, as Rancher Desktop does`,
    );
    return defaults;
  }
}

function wantedState() {
  return rd.get(settings, 'kubernetes.enabled') === false ? 'DISABLED' : 'STARTED';
}

async function startBackend(k, failOp = 'start') {
  const mine = ++generation;
  busy = true;
  setVmState('STARTING');
  if (k.hangs(failOp)) {
    log(`told to hang at ${failOp}: the backend will never be ready`);
    return;
  }
  await delay(k.startMs);
  if (mine !== generation) return;
  if (k.fails(failOp)) {
    busy = false;
    setVmState('ERROR', `the virtual machine failed to start (STANDIN_FAIL=${failOp})`);
    return;
  }
  const mountType = rd.get(settings, rd.pathsFor(settingsVersion).mountType);
  const bindFsType = { 'reverse-sshfs': 'fuse.sshfs', '9p': '9p', virtiofs: 'virtiofs' }[mountType] ?? null;
  forwarder = await createForwarder(paths.socket, engineSocket(env), { bindFsType });
  ensureContext('rancher-desktop', paths.socket, 'Rancher Desktop moby context', env);
  busy = false;
  setVmState(wantedState());
  if (pendingRestart) {
    pendingRestart = false;
    void restartBackend(k);
  }
}

async function stopBackend(k) {
  const mine = ++generation;
  busy = true;
  setVmState('STOPPING');
  if (k.hangs('stop')) {
    log('told to hang while stopping');
    return new Promise(() => {});
  }
  if (forwarder) await forwarder.close();
  forwarder = null;
  await delay(k.stopMs);
  if (mine !== generation) return;
  busy = false;
  setVmState('STOPPED');
}

async function restartBackend(k) {
  await stopBackend(k);
  await startBackend(k, 'restart');
}

function knobsFrom(req) {
  let callerEnv = {};
  try {
    callerEnv = JSON.parse(req.headers['x-standin-env'] ?? '{}');
  } catch {
    callerEnv = {};
  }
  return knobs('rancher-desktop', { ...env, ...callerEnv });
}

/**
 * The locked deployment profile, migrated to this settings version, with every leaf turned into
 * `true` (settingsImpl.determineLockedFields); {} without a profile. A profile that does not parse
 * ends the app (deploymentProfiles.ts: DeploymentProfileError).
 */
function loadLockedFields() {
  if (!fs.existsSync(paths.lockedProfile)) return {};
  let profile;
  try {
    profile = parsePlist(fs.readFileSync(paths.lockedProfile, 'utf8'));
  } catch (err) {
    log(`Error loading plist file ${paths.lockedProfile}: ${err.message}`);
    process.exit(2);
  }
  if ('version' in profile) rd.migrate(profile, settingsVersion);
  delete profile.version;
  const leaves = (node) =>
    Object.fromEntries(
      Object.entries(node).map(([k, v]) => [
        k,
        v && typeof v === 'object' && !Array.isArray(v) ? leaves(v) : true,
      ]),
    );
  return leaves(profile);
}

/** settingsValidator: a change to a locked field is an error, `field "<path>" is locked`. */
function lockedErrors(changed) {
  return changed.filter((p) => rd.get(lockedFields, p) === true).map((p) => `field "${p}" is locked`);
}

/** CommandWorker.updateSettings: migrate, validate, merge, save, maybe restart. */
function updateSettings(body, k) {
  let changes;
  try {
    changes = rd.migrate(rd.clone(body), settingsVersion);
  } catch (err) {
    return { status: 400, text: `errors in attempt to update settings:\n${err.message}` };
  }
  const { errors, changed } = rd.validate(settings, changes, host);
  errors.push(...lockedErrors(changed));
  if (errors.length > 0)
    return { status: 400, text: `errors in attempt to update settings:\n${errors.join('\n')}` };
  if (changed.length === 0) return { status: 202, text: 'no changes necessary' };
  rd.merge(settings, changes);
  save();
  log(`settings updated: ${changed.join(', ')}`);
  if (!rd.needsRestart(changed)) return { status: 202, text: 'settings updated; no restart required' };
  if (busy) {
    pendingRestart = true;
    return {
      status: 202,
      text: 'UI is currently busy, but will eventually be reconfigured to apply requested changes',
    };
  }
  void restartBackend(k);
  return { status: 202, text: 'reconfiguring Rancher Desktop to apply changes (this may take a while)' };
}

function proposeSettings(body) {
  const { errors, changed } = rd.validate(settings, body, host);
  if (errors.length > 0) return { status: 400, text: `Errors in proposed settings:\n${errors.join('\n')}` };
  const reasons = {};
  for (const p of changed.filter((c) => rd.needsRestart([c]))) {
    reasons[p] = { current: rd.get(settings, p), desired: rd.get(body, p), severity: 'restart' };
  }
  return { status: 200, text: JSON.stringify(reasons), type: 'application/json' };
}

function authorised(req) {
  const expected = `Basic ${Buffer.from(`${credentials.user}:${credentials.password}`).toString('base64')}`;
  return req.headers.authorization === expected;
}

function readBody(req) {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => resolve(data));
  });
}

async function shutdown(k = knobs('rancher-desktop', env)) {
  if (shuttingDown) return;
  shuttingDown = true;
  await stopBackend(k);
  log('shut down');
  process.exit(0);
}

const ENDPOINTS = [
  'GET /v1',
  'GET /v1/about',
  'GET /v1/backend_state',
  'PUT /v1/backend_state',
  'PUT /v1/propose_settings',
  'GET /v1/settings',
  'GET /v1/settings/locked',
  'PUT /v1/settings',
  'PUT /v1/shutdown',
];

async function handle(req, res) {
  const send = (status, text, type = 'text/plain') => {
    res.writeHead(status, { 'Content-Type': type });
    res.end(text);
  };
  if (!authorised(req)) return send(401, 'Unauthorized');
  const url = new URL(req.url, 'http://127.0.0.1');
  const route = `${req.method} ${url.pathname.replace(/\/$/, '') || '/'}`;
  const body = req.method === 'PUT' || req.method === 'POST' ? await readBody(req) : '';
  const k = knobsFrom(req);
  if (/^\w+ \/v0\//.test(route))
    return send(
      400,
      `Invalid version "/v0" for endpoint "${route}" - use "${url.pathname.replace('/v0/', '/v1/')}"`,
    );
  switch (route) {
    case 'GET /':
    case 'GET /v1':
      return send(200, JSON.stringify(ENDPOINTS), 'application/json');
    case 'GET /v1/about':
      return send(200, 'The API is currently at version 1 (Rancher Desktop stand-in for Mountbench tests).');
    case 'GET /v1/settings':
      return send(200, JSON.stringify(settings, undefined, 2));
    case 'GET /v1/settings/locked':
      // httpCommandServer.listLockedSettings: the locked leaves as `true`, `{}` when none.
      return send(200, JSON.stringify(lockedFields, undefined, 2));
    case 'GET /v1/backend_state':
      return send(200, JSON.stringify({ vmState, locked: false }), 'application/json');
    case 'PUT /v1/backend_state': {
      let wanted;
      try {
        wanted = JSON.parse(body).vmState;
      } catch {
        return send(500, 'internal error: SyntaxError: could not parse the body');
      }
      if (wanted === 'STARTED') void startBackend(k);
      else if (wanted === 'STOPPED') void stopBackend(k);
      else return send(500, `internal error: Error: invalid desired VM state "${wanted}"`);
      return send(202, 'received backend state');
    }
    case 'PUT /v1/shutdown':
      if (k.fails('stop')) return send(500, 'internal error');
      send(202, 'Shutting down.');
      setImmediate(() => void shutdown(k));
      return undefined;
    case 'PUT /v1/settings':
    case 'PUT /v1/propose_settings': {
      if (k.hangs('put')) return undefined;
      if (k.fails('put')) return send(500, 'internal error');
      if (body.length === 0) return send(400, 'no settings specified in the request');
      let parsed;
      try {
        parsed = JSON.parse(body) ?? {};
      } catch {
        return send(400, 'error processing JSON request block');
      }
      if (typeof parsed !== 'object') return send(400, 'settings payload is not an object');
      const result = route === 'PUT /v1/settings' ? updateSettings(parsed, k) : proposeSettings(parsed);
      return send(result.status, result.text, result.type);
    }
    default:
      return send(404, `Unknown command: ${req.method} ${url.pathname}`);
  }
}

async function main() {
  settings = load();
  lockedFields = loadLockedFields();
  const startChanges = options.startSettings ?? {};
  let startError = null;
  if (Object.keys(startChanges).length > 0) {
    const { errors, changed } = rd.validate(settings, { ...startChanges, version: settingsVersion }, host);
    // commandLineOptions.updateFromCommandLine: a locked field on the command line ends the app.
    const locked = lockedErrors(changed);
    if (locked.length > 0) {
      log(`Error in deployment profiles:\n${locked.join('\n')}`);
      process.exit(2);
    }
    if (errors.length > 0) startError = `errors in command-line settings:\n${errors.join('\n')}`;
    else rd.merge(settings, startChanges);
  }
  save();
  const server = http.createServer((req, res) => {
    handle(req, res).catch((err) => {
      res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end('internal error');
      log(`request failed: ${err.stack}`);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  writeFileAtomic(
    paths.rdEngine,
    JSON.stringify({ ...credentials, port, pid: process.pid }, undefined, 2),
    0o600,
  );
  log(`API on 127.0.0.1:${port}, settings version ${settingsVersion}`);
  process.on('exit', () => recordHostAgent(false));
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
  setInterval(() => {
    if (!fs.existsSync(paths.home) || Date.now() - startedAt > options.maxLifetimeMs) {
      log('watchdog: sandbox gone or lifetime over, exiting');
      process.exit(0);
    }
  }, 1000).unref();
  if (startError) setVmState('ERROR', startError);
  else void startBackend(knobs('rancher-desktop', env));
}

main().catch((err) => {
  log(`crashed: ${err.stack}`);
  process.exit(1);
});
