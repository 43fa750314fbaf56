// The `rdctl` stand-in: talks to the stand-in Rancher Desktop app over its HTTP API with the
// credentials in rd-engine.json, as the real rdctl does. `set`/`start` take the flags of the
// emulated version only (old paths have no aliases), `api` prints what the real one prints, and
// `start` launches the app in the background.
'use strict';

const fs = require('node:fs');
const http = require('node:http');
const { fail, pidAlive, runMain, standinEnv, waitFor } = require('./common.cjs');
const { appRunning, launchApp } = require('./rancher-desktop-launch.cjs');
const rd = require('./rd-settings.cjs');
const { rdPaths, rdVersion } = require('./rancher-desktop-paths.cjs');

const HELP = `STAND-IN rdctl for Mountbench's tests (test/stand-ins/README.md), emulating Rancher Desktop's CLI.

Usage:
  rdctl [command]

Available Commands:
  api            Run API endpoints directly
  help           Help about any command
  list-settings  Lists the current settings.
  set            Update selected fields in the Rancher Desktop UI and restart the backend.
  shutdown       Shuts down the running Rancher Desktop application
  start          Start up Rancher Desktop, or update its settings.
  version        Shows the CLI version.

Flags:
      --config-path string   config file (default .../rancher-desktop/rd-engine.json)
  -h, --help                 help for rdctl
`;

/** The `set`/`start` flags of one settings version: kebab-case JSON paths, no aliases. */
function flagTable(version) {
  const p = rd.pathsFor(version);
  const vmPrefix = version <= 14 ? 'experimental.virtual-machine' : 'virtual-machine';
  const mountPrefix = version <= 15 ? 'experimental.virtual-machine.mount' : 'virtual-machine.mount';
  const ninep = 'experimental.virtual-machine.mount.9p';
  return [
    { flag: `${vmPrefix}.type`, path: p.vmType, type: 'string' },
    { flag: `${vmPrefix}.use-rosetta`, path: p.useRosetta, type: 'bool' },
    { flag: `${mountPrefix}.type`, path: p.mountType, type: 'string' },
    { flag: `${ninep}.msize-in-kib`, path: `${p.ninep}.msizeInKib`, type: 'int' },
    { flag: `${ninep}.security-model`, path: `${p.ninep}.securityModel`, type: 'string' },
    { flag: `${ninep}.protocol-version`, path: `${p.ninep}.protocolVersion`, type: 'string' },
    { flag: `${ninep}.cache-mode`, path: `${p.ninep}.cacheMode`, type: 'string' },
    { flag: 'virtual-machine.memory-in-gb', path: 'virtualMachine.memoryInGB', type: 'int' },
    { flag: 'virtual-machine.number-cpus', path: 'virtualMachine.numberCPUs', type: 'int' },
    { flag: 'container-engine.name', path: 'containerEngine.name', type: 'string' },
    { flag: 'kubernetes.enabled', path: 'kubernetes.enabled', type: 'bool' },
    { flag: 'kubernetes.version', path: 'kubernetes.version', type: 'string' },
    { flag: 'application.start-in-background', path: 'application.startInBackground', type: 'bool' },
    { flag: 'application.auto-start', path: 'application.autoStart', type: 'bool' },
  ];
}

const GLOBAL_FLAGS = ['config-path', 'host', 'port', 'user', 'password'];

/** Splits argv into global options, command options and positionals, cobra-style. */
function parseArgs(argv, known) {
  const opts = {};
  const positionals = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('-') || arg === '-') {
      positionals.push(arg);
      continue;
    }
    const [rawName, inline] = arg.replace(/^--?/, '').split(/=(.*)/s, 2);
    const spec = known[rawName];
    if (!spec) fail(`Error: unknown flag: ${arg.split('=')[0]}`);
    if (spec === 'bool') opts[rawName] = inline === undefined ? 'true' : inline;
    else if (inline !== undefined) opts[rawName] = inline;
    else if (i + 1 < argv.length) opts[rawName] = argv[++i];
    else fail(`Error: flag needs an argument: ${arg}`);
  }
  return { opts, positionals };
}

function connection(opts) {
  const file = opts['config-path'] || rdPaths().rdEngine;
  let info;
  try {
    info = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    fail(
      `Error: failed to get connection info: open ${file}: ${err.code === 'ENOENT' ? 'no such file or directory' : err.message}`,
    );
  }
  return {
    host: opts.host || '127.0.0.1',
    port: Number(opts.port || info.port),
    user: opts.user || info.user,
    password: opts.password || info.password,
    pid: info.pid,
  };
}

function request(conn, method, endpoint, body) {
  const url = `http://${conn.host}:${conn.port}${endpoint}`;
  // A dead app's port may belong to someone else by now: answer as the refused connection it is.
  if (conn.pid && !pidAlive(conn.pid)) {
    fail(
      `Error: ${method[0]}${method.slice(1).toLowerCase()} "${url}": dial tcp ${conn.host}:${conn.port}: connect: connection refused`,
    );
  }
  return new Promise((resolve) => {
    const req = http.request(
      url,
      {
        method,
        headers: {
          Authorization: `Basic ${Buffer.from(`${conn.user}:${conn.password}`).toString('base64')}`,
          'X-Standin-Env': JSON.stringify(standinEnv()),
        },
      },
      (res) => {
        let data = '';
        res.on('data', (c) => (data += c));
        res.on('end', () => resolve({ status: res.statusCode, body: data }));
      },
    );
    req.on('error', (err) =>
      fail(
        `Error: ${method[0]}${method.slice(1).toLowerCase()} "${url}": dial tcp ${conn.host}:${conn.port}: ${err.code === 'ECONNREFUSED' ? 'connect: connection refused' : err.message}`,
      ),
    );
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** `rdctl api`: body to stdout on success; on an error status, `{"message":"400 Bad Request"}` and exit 1. */
async function api(argv) {
  const { opts, positionals } = parseArgs(argv, {
    X: 'string',
    method: 'string',
    b: 'string',
    body: 'string',
    input: 'string',
    ...Object.fromEntries(GLOBAL_FLAGS.map((f) => [f, 'string'])),
  });
  if (positionals.length === 0) fail('Error: api command: no endpoint specified');
  if (positionals.length > 1)
    fail(
      `Error: api command: too many endpoints specified ([${positionals.join(' ')}]); exactly one must be specified`,
    );
  let endpoint = positionals[0];
  if (endpoint !== '/' && !/^\/v\d+(?:\/|$)/.test(endpoint)) endpoint = `/v1/${endpoint.replace(/^\//, '')}`;
  let body = opts.b ?? opts.body;
  if (opts.input !== undefined) body = fs.readFileSync(opts.input === '-' ? 0 : opts.input, 'utf8');
  const method = (opts.X ?? opts.method ?? (body !== undefined ? 'PUT' : 'GET')).toUpperCase();
  const res = await request(connection(opts), method, endpoint, body);
  if (res.status >= 200 && res.status < 300) {
    if (res.body.length > 0) process.stdout.write(`${res.body}\n`);
    return 0;
  }
  if (res.body.length > 0) process.stderr.write(`${res.body}\n`);
  process.stdout.write(`${JSON.stringify({ message: `${res.status} ${http.STATUS_CODES[res.status]}` })}\n`);
  return 1;
}

function settingsFromFlags(opts, version) {
  const changes = {};
  for (const entry of flagTable(version)) {
    if (!(entry.flag in opts)) continue;
    const raw = opts[entry.flag];
    let value = raw;
    if (entry.type === 'bool') {
      if (raw !== 'true' && raw !== 'false')
        fail(
          `Error: invalid argument "${raw}" for "--${entry.flag}" flag: strconv.ParseBool: parsing "${raw}": invalid syntax`,
        );
      value = raw === 'true';
    } else if (entry.type === 'int') {
      value = Number.parseInt(raw, 10);
      if (!/^-?\d+$/.test(raw))
        fail(
          `Error: invalid argument "${raw}" for "--${entry.flag}" flag: strconv.ParseInt: parsing "${raw}": invalid syntax`,
        );
    }
    rd.set(changes, entry.path, value);
  }
  return changes;
}

function settingsFlags(version) {
  return Object.fromEntries(flagTable(version).map((e) => [e.flag, e.type]));
}

async function set(argv) {
  const version = rd.settingsVersionFor(rdVersion());
  const { opts, positionals } = parseArgs(argv, {
    ...settingsFlags(version),
    ...Object.fromEntries(GLOBAL_FLAGS.map((f) => [f, 'string'])),
  });
  if (positionals.length > 0)
    fail(`Error: set command: unrecognized command-line arguments specified: [${positionals.join(' ')}]`);
  const changes = settingsFromFlags(opts, version);
  if (Object.keys(changes).length === 0) fail('Error: set command: no settings to change were given');
  const res = await request(connection(opts), 'PUT', '/v1/settings', JSON.stringify({ version, ...changes }));
  if (res.status >= 200 && res.status < 300) {
    process.stdout.write(`Status: ${res.body}.\n`);
    return 0;
  }
  fail(`Error: ${res.body}`);
  return 1;
}

async function start(argv) {
  const version = rd.settingsVersionFor(rdVersion());
  const { opts } = parseArgs(argv, {
    ...settingsFlags(version),
    'no-modal-dialogs': 'bool',
    path: 'string',
    p: 'string',
    ...Object.fromEntries(GLOBAL_FLAGS.map((f) => [f, 'string'])),
  });
  const changes = settingsFromFlags(opts, version);
  if (appRunning()) {
    if (Object.keys(changes).length === 0) return 0;
    return set(argv.filter((a) => !a.startsWith('--no-modal-dialogs')));
  }
  launchApp(process.env, changes);
  return 0;
}

async function shutdown(argv) {
  const { opts } = parseArgs(argv, {
    wait: 'bool',
    ...Object.fromEntries(GLOBAL_FLAGS.map((f) => [f, 'string'])),
  });
  if (!appRunning()) return 0;
  const conn = connection(opts);
  const res = await request(conn, 'PUT', '/v1/shutdown');
  if (res.status !== 202) fail(`Error: ${res.body}`);
  process.stdout.write(`${res.body}\n`);
  if (opts.wait !== 'false') await waitFor(() => !pidAlive(conn.pid), { intervalMs: 50 });
  return 0;
}

runMain(async () => {
  const [command, ...rest] = process.argv.slice(2);
  switch (command) {
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      process.stdout.write(HELP);
      return 0;
    case 'version':
      process.stdout.write(
        `rdctl client version: v${rdVersion()}, targeting server version: v1 (Mountbench stand-in)\n`,
      );
      return 0;
    case 'api':
      return api(rest);
    case 'list-settings':
      return api(['/v1/settings', ...rest]);
    case 'set':
      return set(rest);
    case 'start':
      return start(rest);
    case 'shutdown':
      return shutdown(rest);
    default:
      fail(`Error: unknown command "${command}" for "rdctl"\nRun 'rdctl --help' for usage.`);
  }
  return 1;
});
