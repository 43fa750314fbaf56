// The `podman` stand-in: `podman --version` and the machine subcommands (list, inspect, init,
// start, stop, rm) over machine files in Podman's own format and places (podman-machines.cjs), a
// background "VM" per running machine (engine-vm.cjs) whose API socket forwards to a REAL Podman
// engine (`podman system service`, at $STANDIN_PODMAN_ENGINE_SOCKET), and Podman's rules
// (containers/podman v5.8.2): the provider comes from CONTAINERS_MACHINE_PROVIDER, else
// `[machine] provider` in containers.conf, else the version's default (applehv before 6.0,
// libkrun from 6.0; pkg/machine/provider/platform_darwin.go); every command sees only its
// provider's machines; one machine runs at a time, whatever the provider (shim/host.go
// `checkExclusiveActiveVM`); volumes are fixed at init. It does not emulate system connections,
// `podman machine set`, `os`, `ssh`, `cp` or `reset`.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { compareVersions, fail, hostFacts, knobs, readJson, runMain, writeJson } = require('./common.cjs');
const {
  DEFAULT_VOLUMES,
  PROVIDERS,
  ZERO_TIME,
  machineNames,
  paths,
  readMachine,
  writeMachine,
} = require('./podman-machines.cjs');
const { isUp, launchVm, stopVm, vmState, waitVm } = require('./vm-control.cjs');

const PRODUCT = 'podman';
const HELP = `STAND-IN podman for Mountbench's tests (test/stand-ins/README.md), emulating podman's machine commands.

Usage:
  podman machine [command]

Available Commands:
  init        Initialize a virtual machine
  inspect     Inspect an existing machine
  list        List machines
  rm          Remove an existing machine
  start       Start an existing machine
  stop        Stop an existing machine
`;
/** libpod/define NameRegex (go.podman.io/storage types.NameRegex). */
const NAME = /^[a-zA-Z0-9][a-zA-Z0-9_.-]*$/;
const DEFAULT_MACHINE = 'podman-machine-default';

function version() {
  return process.env.STANDIN_PODMAN_VERSION || '5.8.2';
}

/** Podman prints `Error: …` and exits 125 for a failed command. */
function die(message) {
  fail(`Error: ${message}`, 125);
}

/** `[machine] provider` of the user's containers.conf (a TOML subset: that table, that key). */
function providerInConf(env) {
  const file = path.join(
    env.XDG_CONFIG_HOME || path.join(env.HOME, '.config'),
    'containers',
    'containers.conf',
  );
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
  let inMachine = false;
  let found = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const table = /^\[([^\]]+)\]/.exec(line);
    if (table) {
      inMachine = table[1].trim() === 'machine';
      continue;
    }
    const kv = inMachine && /^provider\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(line);
    if (kv) found = kv[1] ?? kv[2] ?? '';
  }
  return found;
}

/** pkg/machine/provider/platform_darwin.go `Get` with define.ParseVMType. */
function provider(env = process.env) {
  const raw = (env.CONTAINERS_MACHINE_PROVIDER ?? providerInConf(env)).trim().toLowerCase();
  const chosen = raw === '' ? (compareVersions(version(), '6.0.0') >= 0 ? 'libkrun' : 'applehv') : raw;
  if (['qemu', 'wsl', 'hyperv'].includes(chosen)) die(`unsupported virtualization provider: \`${chosen}\``);
  if (!PROVIDERS.includes(chosen)) die(`unknown VMType \`${raw}\``);
  if (chosen === 'libkrun' && hostFacts(env).arch !== 'arm64' && compareVersions(version(), '6.0.0') < 0)
    die('libkrun is not supported on Intel based machines. Please revert to the applehv provider');
  return chosen;
}

function parse(argv, bools, strings, repeated = []) {
  const opts = {};
  const positionals = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('-') || arg === '-') {
      positionals.push(arg);
      continue;
    }
    const [name, inline] = arg.replace(/^--?/, '').split(/=(.*)/s, 2);
    if (bools.includes(name)) opts[name] = inline === undefined ? true : inline !== 'false';
    else if (repeated.includes(name)) (opts[name] ??= []).push(inline ?? argv[++i]);
    else if (strings.includes(name)) opts[name] = inline ?? argv[++i];
    else die(`unknown flag: ${arg.split('=')[0]}`);
  }
  return { opts, positionals };
}

function state(prov, name) {
  return vmState(paths(process.env, prov, name).stateFile);
}

function status(prov, name) {
  const s = state(prov, name);
  if (s.status === 'starting') return 'starting';
  if (s.status === 'running' || s.status === 'stopping') return 'running';
  return 'stopped';
}

function mustExist(prov, name) {
  const machine = readMachine(process.env, prov, name);
  if (!machine) die(`${name}: VM does not exist`);
  return machine;
}

function list(argv) {
  const { opts } = parse(argv, ['all-providers', 'noheading', 'n', 'quiet', 'q'], ['format']);
  const provs = opts['all-providers']
    ? PROVIDERS.filter((p) => p !== 'libkrun' || hostFacts().arch === 'arm64')
    : [provider()];
  const rows = [];
  for (const prov of provs) {
    for (const name of machineNames(process.env, prov)) {
      const m = readMachine(process.env, prov, name);
      if (!m) continue;
      const st = status(prov, name);
      rows.push({
        Name: name,
        Default: false,
        Created: m.Created,
        Running: st === 'running',
        Starting: st === 'starting',
        LastUp: m.LastUp ?? ZERO_TIME,
        Stream: 'default',
        VMType: prov,
        CPUs: m.Resources?.CPUs ?? 0,
        Memory: String((m.Resources?.Memory ?? 0) * 1024 * 1024),
        Swap: '0',
        DiskSize: String((m.Resources?.DiskSize ?? 0) * 1024 * 1024 * 1024),
        Port: m.SSH?.Port ?? 0,
        RemoteUsername: m.SSH?.RemoteUsername ?? 'core',
        IdentityPath: m.SSH?.IdentityPath ?? '',
        UserModeNetworking: true,
      });
    }
  }
  // cmd/podman/machine/list.go: the running ones first.
  rows.sort((a, b) => Number(b.Running) - Number(a.Running));
  if (opts.format === 'json') {
    process.stdout.write(JSON.stringify(rows, null, 4));
    return 0;
  }
  if (opts.quiet || opts.q) {
    for (const r of rows) process.stdout.write(`${r.Name}\n`);
    return 0;
  }
  if (!opts.noheading && !opts.n) process.stdout.write('NAME\tVM TYPE\tLAST UP\n');
  for (const r of rows)
    process.stdout.write(
      `${r.Name}\t${r.VMType}\t${r.Running ? 'Currently running' : r.Starting ? 'Currently starting' : 'Never'}\n`,
    );
  return 0;
}

function inspect(argv) {
  const { opts, positionals } = parse(argv, [], ['format']);
  if (opts.format) die('the stand-in prints inspect as JSON only');
  const prov = provider();
  const names = positionals.length ? positionals : [DEFAULT_MACHINE];
  const out = [];
  const errors = [];
  for (const name of names) {
    const m = readMachine(process.env, prov, name);
    if (!m) {
      errors.push(`${name}: VM does not exist`);
      continue;
    }
    const p = paths(process.env, prov, name);
    out.push({
      ConfigDir: { Path: path.dirname(p.configFile) },
      ConnectionInfo: { PodmanSocket: { Path: p.socket }, PodmanPipe: null },
      Created: m.Created,
      LastUp: m.LastUp ?? ZERO_TIME,
      Name: name,
      Resources: m.Resources,
      SSHConfig: m.SSH,
      State: status(prov, name),
      UserModeNetworking: true,
      Rootful: m.HostUser?.Rootful ?? false,
      Rosetta: m.Rosetta ?? false,
    });
  }
  process.stdout.write(`${JSON.stringify(out, null, 5)}\n`);
  for (const e of errors) process.stderr.write(`Error: ${e}\n`);
  return errors.length ? 125 : 0;
}

function init(argv) {
  const { opts, positionals } = parse(
    argv,
    ['now', 'rootful', 'user-mode-networking', 'tls-verify'],
    [
      'cpus',
      'memory',
      'm',
      'disk-size',
      'image',
      'username',
      'timezone',
      'ignition-path',
      'playbook',
      'swap',
    ],
    ['volume', 'v', 'usb'],
  );
  const prov = provider();
  const name = positionals[0] ?? DEFAULT_MACHINE;
  if (!NAME.test(name)) die(`invalid name "${name}": names must match [a-zA-Z0-9][a-zA-Z0-9_.-]*`);
  if (readMachine(process.env, prov, name)) die(`${name}: VM already exists`);
  const volumes = [...(opts.volume ?? []), ...(opts.v ?? [])];
  // An init names its volumes or gets the macOS defaults (the user's containers.conf `volumes` is not read).
  writeMachine(
    process.env,
    prov,
    name,
    volumes.length ? volumes.map((v) => v.replace(/\$HOME/g, process.env.HOME)) : DEFAULT_VOLUMES,
  );
  process.stdout.write(
    `Machine init complete\nTo start your machine run:\n\n\tpodman machine start${name === DEFAULT_MACHINE ? '' : ` ${name}`}\n\n`,
  );
  if (opts.now) return start([name]);
  return 0;
}

/** Every machine of every provider that is up (shim/host.go getMCsOverProviders). */
function upMachines() {
  const up = [];
  for (const prov of PROVIDERS)
    for (const name of machineNames(process.env, prov)) if (isUp(state(prov, name))) up.push({ prov, name });
  return up;
}

async function start(argv) {
  const { positionals } = parse(argv, ['no-info', 'quiet', 'q'], []);
  const prov = provider();
  const name = positionals[0] ?? DEFAULT_MACHINE;
  const machine = mustExist(prov, name);
  for (const other of upMachines()) {
    if (other.prov === prov && other.name === name) die(`unable to start "${name}": already running`);
    if (other.prov === prov)
      die(
        `unable to start "${name}": ${other.name} already starting or running: only one VM can be active at a time`,
      );
    die(
      `unable to start: ${other.name} already starting or running on the ${other.prov} provider: only one VM can be active at a time`,
    );
  }
  const engine = process.env.STANDIN_PODMAN_ENGINE_SOCKET;
  if (!engine) die('stand-in: STANDIN_PODMAN_ENGINE_SOCKET names no Podman engine to serve the machine');
  const p = paths(process.env, prov, name);
  process.stdout.write(`Starting machine "${name}"\n`);
  const k = knobs(PRODUCT);
  const launch = launchVm(
    {
      product: PRODUCT,
      stateFile: p.stateFile,
      socketPath: p.socket,
      logFile: p.logFile,
      watchDir: process.env.HOME,
      knobs: k,
      extra: { provider: prov, name },
      // What a bind mount shows in a container on the real machine: the host folder over virtiofs.
      bindFsType: machine.Mounts?.length ? 'virtiofs' : null,
      failMessage: 'vfkit exited unexpectedly (STANDIN_FAIL=start)',
      // The VM process as Podman starts it: krunkit or vfkit with the endpoint recorded at init,
      // `--restful-uri tcp://localhost:<port>` (pkg/machine/apple: StartGenericAppleVM).
      argv0: path.join(__dirname, '..', prov === 'libkrun' ? 'krunkit' : 'vfkit'),
      args: restfulUriArgs(
        prov === 'libkrun'
          ? machine.LibKrunHypervisor?.KRun?.Endpoint
          : machine.AppleHypervisor?.Vfkit?.Endpoint,
      ),
    },
    { ...process.env, STANDIN_ENGINE_SOCKET: engine },
  );
  const done = await waitVm(p.stateFile, launch, { timeoutMs: 10 * 60_000 });
  if (!done || done.status !== 'running') die(`failed to start ${name}: ${done?.message ?? 'timed out'}`);
  writeJson(p.configFile, { ...readJson(p.configFile), LastUp: new Date().toISOString() });
  process.stdout.write(`\nMachine "${name}" started successfully\n`);
  return 0;
}

/** `http://localhost:<port>` → `--restful-uri tcp://localhost:<port>` (vfkit-rest.go). */
function restfulUriArgs(endpoint) {
  const m = /^http:\/\/([^/]+)$/.exec(endpoint ?? '');
  return m ? ['--restful-uri', `tcp://${m[1]}`] : [];
}

async function stop(argv) {
  const { positionals } = parse(argv, [], []);
  const prov = provider();
  const name = positionals[0] ?? DEFAULT_MACHINE;
  mustExist(prov, name);
  if (k().fails('stop')) die(`unable to stop ${name} (STANDIN_FAIL=stop)`);
  if (!(await stopVm(paths(process.env, prov, name).stateFile, { timeoutMs: 5 * 60_000 })))
    die(`timed out stopping ${name}`);
  process.stdout.write(`Machine "${name}" stopped successfully\n`);
  return 0;
}

function k() {
  return knobs(PRODUCT);
}

async function rm(argv) {
  const { opts, positionals } = parse(argv, ['force', 'f', 'save-ignition', 'save-image'], []);
  const prov = provider();
  const name = positionals[0] ?? DEFAULT_MACHINE;
  mustExist(prov, name);
  const p = paths(process.env, prov, name);
  if (!opts.force && !opts.f) {
    // cmd/podman/machine/rm.go asks first; with no answer on stdin nothing is removed.
    process.stdout.write(
      `The following files will be deleted:\n\n${p.configFile}\n${p.imagePath}\n\nAre you sure you want to continue? [y/N] `,
    );
    const answer = await new Promise((resolve) => {
      let text = '';
      process.stdin.on('data', (d) => (text += d));
      process.stdin.on('end', () => resolve(text));
      process.stdin.on('error', () => resolve(''));
    });
    if (!/^y/i.test(String(answer).trim())) return 0;
  }
  if (isUp(state(prov, name)) && !(await stopVm(p.stateFile, { timeoutMs: 5 * 60_000, force: true })))
    die(`could not stop ${name}`);
  for (const file of [p.configFile, p.imagePath, p.stateFile, p.socket]) fs.rmSync(file, { force: true });
  process.stdout.write(`Machine "${name}" removed\n`);
  return 0;
}

async function main() {
  const argv = process.argv.slice(2);
  if (argv[0] === '--version' || argv[0] === '-v' || argv[0] === 'version') {
    process.stdout.write(`podman version ${version()} (Mountbench stand-in)\n`);
    return 0;
  }
  if (argv[0] !== 'machine')
    fail(`stand-in podman handles only \`podman machine\` and \`podman --version\`\n\n${HELP}`, 125);
  const [sub, ...rest] = argv.slice(1);
  switch (sub) {
    case 'list':
    case 'ls':
      return list(rest);
    case 'inspect':
      return inspect(rest);
    case 'init':
      return init(rest);
    case 'start':
      return start(rest);
    case 'stop':
      return stop(rest);
    case 'rm':
      return rm(rest);
    default:
      process.stdout.write(HELP);
      return sub === undefined || sub === '--help' || sub === '-h' ? 0 : 125;
  }
}

runMain(main);
