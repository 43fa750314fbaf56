// The `colima` stand-in: profiles with their colima.yaml, a background "VM" per running profile
// (engine-vm.cjs) exposing ~/.colima/<profile>/docker.sock, Docker contexts `colima` /
// `colima-<profile>`, and colima's rules: virtiofs without vz silently becomes sshfs, 9p with vz
// silently becomes virtiofs, a new profile starts from the template (`_templates/default.yaml`)
// unless told not to, and an existing VM obeys its state file (`_lima/<instance>/colima.yaml`) for
// arch, VM type, runtime and mount type whatever the profile's file or the flags say.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');
const { compareVersions, fail, hostFacts, knobs, runMain } = require('./common.cjs');
const { ensureContext, removeContext, setCurrentContext } = require('./docker-contexts.cjs');
const { colimaHome, loadFrom, profilePaths, saveTo } = require('./colima-config.cjs');
const { isUp, launchVm, stopVm, vmState, waitVm } = require('./vm-control.cjs');

const PRODUCT = 'colima';

/** Lima's host agent pid file, beside the stand-in's state in the instance's Lima folder. */
function haPidFile(paths) {
  return path.join(path.dirname(paths.processFile), 'ha.pid');
}
const HELP = `STAND-IN colima for Mountbench's tests (test/stand-ins/README.md), emulating colima's CLI.

Usage:
  colima [command]

Available Commands:
  delete      delete and teardown Colima
  list        list instances
  start       start Colima
  status      show the status of Colima
  stop        stop Colima
  version     print the version of Colima

Flags:
  -p, --profile string   profile name, for multiple instances (default "default")
`;

function version() {
  return process.env.STANDIN_COLIMA_VERSION || '0.8.1';
}

/** logrus text format, as colima prints to stderr. */
function say(level, message) {
  process.stderr.write(`${level.toUpperCase().slice(0, 4)}[0000] ${message}\n`);
}

function fatal(message) {
  say('fatal', message);
  process.exit(1);
}

const BOOL = new Set([
  'json',
  'j',
  'force',
  'f',
  'activate',
  'data',
  'extended',
  'e',
  'mount-inotify',
  'template',
  'kubernetes',
  'k',
]);
const STRING = new Set([
  'profile',
  'p',
  'vm-type',
  'mount-type',
  'cpu',
  'c',
  'memory',
  'm',
  'disk',
  'd',
  'runtime',
  'r',
  'arch',
  'a',
]);

/**
 * Flags that do not exist on this colima or this Mac (abiosoft/colima): `--vm-type` only on macOS
 * 13+ (cmd/start.go), `start --template` from 0.8.4, `status --json` from 0.8.1, `delete --data`
 * from 0.9.0.
 */
function missingFlags(command) {
  const host = hostFacts(process.env);
  const macos13 = host.platform === 'darwin' && compareVersions(host.macosVersion ?? '0', '13.0') >= 0;
  if (command === 'start') {
    const missing = macos13 ? [] : ['vm-type', 't'];
    if (compareVersions(version(), '0.8.4') < 0) missing.push('template');
    return missing;
  }
  if (command === 'status' && compareVersions(version(), '0.8.1') < 0) return ['json', 'j'];
  if (command === 'delete' && compareVersions(version(), '0.9.0') < 0) return ['data'];
  return [];
}

/** Is `tool` on PATH? colima looks for qemu-img and krunkit itself (util/qemu.go). */
function onPath(tool) {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => {
    try {
      fs.accessSync(path.join(dir, tool), fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

function parse(argv, command) {
  const missing = missingFlags(command);
  const opts = {};
  const positionals = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('-')) {
      positionals.push(arg);
      continue;
    }
    const [name, inline] = arg.replace(/^--?/, '').split(/=(.*)/s, 2);
    if (missing.includes(name)) fatal(`unknown flag: ${arg.split('=')[0]}`);
    if (BOOL.has(name)) opts[name] = inline === undefined ? true : inline !== 'false';
    else if (STRING.has(name)) opts[name] = inline ?? argv[++i];
    else fatal(`unknown flag: ${arg.split('=')[0]}`);
  }
  const profile = opts.profile ?? opts.p ?? positionals[0] ?? 'default';
  return { opts, positionals, profile: profile.replace(/^colima-/, '') || 'default' };
}

function instanceExists(paths) {
  return fs.existsSync(paths.limaDir);
}

function driverLabel(vmType) {
  return vmType === 'vz' ? 'macOS Virtualization.Framework' : vmType === 'krunkit' ? 'Krunkit' : 'QEMU';
}

function guestArch(host) {
  return host.arch === 'arm64' ? 'aarch64' : 'x86_64';
}

/** environment/vm.go `DefaultVMType`: vz on macOS 13+ from 0.8.1 (0.8.0: only without qemu-img). */
function defaultVmType(host) {
  const macos13 = host.platform === 'darwin' && compareVersions(host.macosVersion ?? '0', '13.0') >= 0;
  if (!macos13) return 'qemu';
  if (compareVersions(version(), '0.8.1') >= 0) return 'vz';
  return compareVersions(version(), '0.8.0') >= 0 && !onPath('qemu-img') ? 'vz' : 'qemu';
}

/** What colima checks and silently changes for the VM it is about to start (cmd/start.go, util/qemu.go). */
function resolveVm(vmType, asked, host) {
  if (!['qemu', 'vz', 'krunkit'].includes(vmType)) fatal(`invalid vmType: '${vmType}'`);
  // QEMU is optional since 0.8.0; krunkit is a VM type from 0.10.0, on Apple silicon (util/qemu.go).
  if (vmType === 'qemu' && compareVersions(version(), '0.8.0') >= 0 && !onPath('qemu-img'))
    fatal("qemu-img not found, run 'brew install qemu' to install");
  if (vmType === 'krunkit') {
    if (compareVersions(version(), '0.10.0') < 0 || host.arch !== 'arm64')
      fatal(`invalid vmType: '${vmType}'`);
    if (!onPath('krunkit'))
      fatal('krunkit not found in $PATH\nInstall with: brew tap slp/krunkit && brew install krunkit');
  }
  if (vmType !== 'qemu') {
    if (host.platform !== 'darwin') fatal(`vmType '${vmType}' is only supported on macOS`);
    if (compareVersions(host.macosVersion ?? '0', '13.0') < 0)
      fatal(`vmType '${vmType}' requires macOS 13 or newer`);
  }
  let mountType = asked ?? (vmType === 'vz' ? 'virtiofs' : 'sshfs');
  if (mountType === 'reverse-sshfs') mountType = 'sshfs';
  if (!['sshfs', '9p', 'virtiofs'].includes(mountType)) fatal(`invalid mountType: '${mountType}'`);
  if (mountType === 'virtiofs' && vmType === 'qemu') mountType = 'sshfs';
  // cmd/start.go turns 9p into virtiofs for vz (and, after 0.10.3 on main, for krunkit).
  if (
    mountType === '9p' &&
    (vmType === 'vz' || (vmType === 'krunkit' && compareVersions(version(), '0.10.3') > 0))
  )
    mountType = 'virtiofs';
  // environment/vm/lima/yaml.go gives Lima virtiofs only for vz and 9p for every other VM type, and
  // Lima's krunkit driver (2.0.0 on) takes only virtiofs or reverse-sshfs: krunkit starts with sshfs alone.
  if (vmType === 'krunkit' && mountType !== 'sshfs')
    fatal(
      'error starting vm: field `mountType` must be `virtiofs` or `reverse-sshfs` for krunkit driver, got `9p`',
    );
  return mountType;
}

function numberOpt(opts, long, short, fallback) {
  const raw = opts[long] ?? opts[short];
  if (raw === undefined) return fallback;
  const n = Number.parseInt(raw, 10);
  if (!Number.isFinite(n) || n <= 0) fatal(`invalid ${long}: '${raw}'`);
  return n;
}

/**
 * cmd/start.go `prepareConfig`: the profile's colima.yaml; for a profile without one the template
 * (`_templates/default.yaml`: always before 0.8.4, with `--template` in 0.8.4, unless
 * `--template=false` from 0.9.0); flags given win over both; then `setFixedConfigs`: the state
 * file of an existing VM overrides arch, VM type, runtime and mount type, each with a warning.
 */
function prepareConfig(opts, paths, host) {
  let current = loadFrom(paths.config);
  if (current?.error) {
    say('warn', `config load failed: could not load config from file: ${current.error}`);
    say('warn', 'reverting to default settings');
    current = null;
  }
  let base = current?.config ?? null;
  if (!base) {
    const templateOn =
      compareVersions(version(), '0.8.4') < 0 || (opts.template ?? compareVersions(version(), '0.9.0') >= 0);
    const template = templateOn ? loadFrom(paths.template) : null;
    base = template?.config ?? null;
  }
  const from = (flag, key, fallback) => opts[flag] ?? base?.[key] ?? fallback;
  const conf = {
    cpu: numberOpt(opts, 'cpu', 'c', base?.cpu ?? 2),
    memory: numberOpt(opts, 'memory', 'm', base?.memory ?? 2),
    disk: numberOpt(opts, 'disk', 'd', base?.disk ?? 100),
    arch: opts.arch ?? opts.a ?? base?.arch ?? 'host',
    runtime: opts.runtime ?? opts.r ?? base?.runtime ?? 'docker',
    hostname: base?.hostname ?? paths.instance,
    autoActivate: from('activate', 'autoActivate', true),
    vmType: from('vm-type', 'vmType', undefined),
    mountType: from('mount-type', 'mountType', undefined),
    mountInotify: from('mount-inotify', 'mountInotify', false),
    // docker and provision can only be set in the file; mounts by --mount too (not emulated).
    docker: base?.docker ?? {},
    provision: Array.isArray(base?.provision) ? base.provision : undefined,
    mounts: Array.isArray(base?.mounts) ? base.mounts : undefined,
    env: base?.env ?? {},
  };
  const fixed = loadFrom(paths.stateFile)?.config ?? null;
  if (fixed) {
    for (const [key, name] of [
      ['arch', 'architecture'],
      ['vmType', 'virtual machine type'],
      ['runtime', 'runtime'],
      ['mountType', 'volume mount type'],
    ]) {
      if (typeof fixed[key] !== 'string' || fixed[key] === '') continue;
      if (conf[key] !== fixed[key]) say('warn', `'${name}' cannot be updated after initial setup, discarded`);
      conf[key] = fixed[key];
    }
    return conf;
  }
  conf.vmType = conf.vmType ?? defaultVmType(host);
  conf.mountType = resolveVm(conf.vmType, conf.mountType, host);
  if (!['docker', 'containerd'].includes(conf.runtime)) fatal(`invalid runtime: '${conf.runtime}'`);
  return conf;
}

async function start(argv) {
  const { opts, profile } = parse(argv, 'start');
  const env = process.env;
  const host = hostFacts(env);
  const paths = profilePaths(profile, env);
  const k = knobs(PRODUCT, env);
  const state = vmState(paths.processFile);
  if (isUp(state)) {
    say('warn', 'already running, ignoring');
    return 0;
  }
  const conf = prepareConfig(opts, paths, host);
  say('info', `starting ${paths.displayName}`);
  // --save-config (default true): the merged config goes back into the profile's file.
  saveTo(paths.config, conf);
  fs.mkdirSync(paths.limaDir, { recursive: true });
  if (compareVersions(version(), '0.9.0') >= 0 && !fs.existsSync(paths.dataDisk)) {
    fs.mkdirSync(paths.dataDisk, { recursive: true });
    fs.writeFileSync(path.join(paths.dataDisk, 'datadisk'), `container data of ${paths.displayName}\n`);
  }
  const docker = conf.runtime === 'docker';
  const instance = {
    standIn: true,
    profile,
    cpu: conf.cpu,
    memory: conf.memory,
    disk: conf.disk,
    runtime: conf.runtime,
    vmType: conf.vmType,
    mountType: conf.mountType,
    arch: conf.arch === 'host' ? guestArch(host) : conf.arch,
    mounts: conf.mounts ?? null,
  };
  const launch = launchVm(
    {
      product: PRODUCT,
      stateFile: paths.processFile,
      socketPath: docker ? paths.socket : paths.containerdSocket,
      logFile: paths.logFile,
      watchDir: colimaHome(env),
      knobs: k,
      failMessage: "error starting vm: error at 'starting': exit status 1",
      bindFsType: { sshfs: 'fuse.sshfs', '9p': '9p', virtiofs: 'virtiofs' }[conf.mountType],
      extra: instance,
    },
    env,
  );
  say('info', `runtime: ${conf.runtime}`);
  const result = await waitVm(paths.processFile, launch);
  if (result.status !== 'running') fatal(result.message ?? 'error starting vm');
  // colima runs its VM through Lima, whose host agent keeps its pid in the instance's folder
  // (`_lima/<instance>/ha.pid`); here the stand-in's VM process is that agent.
  const running = vmState(paths.processFile);
  if (running.pid) fs.writeFileSync(haPidFile(paths), `${running.pid}\n`);
  // lima.go "preserve state": the settings the VM now runs with.
  saveTo(paths.stateFile, conf);
  if (docker) {
    ensureContext(paths.context, paths.socket, paths.displayName, env);
    if (conf.autoActivate) setCurrentContext(paths.context, env);
  }
  say('info', 'done');
  return 0;
}

async function stop(argv) {
  const { opts, profile } = parse(argv, 'stop');
  const paths = profilePaths(profile, process.env);
  const k = knobs(PRODUCT, process.env);
  say('info', `stopping ${paths.displayName}`);
  if (k.fails('stop')) fatal("error stopping vm: error at 'stopping': exit status 1");
  await stopVm(paths.processFile, { force: Boolean(opts.force ?? opts.f) });
  fs.rmSync(haPidFile(paths), { force: true });
  say('info', 'done');
  return 0;
}

function confirm(question) {
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stderr });
    rl.question(`${question}? [y/N] `, (answer) => {
      rl.close();
      resolve(/^y(es)?$/i.test(answer.trim()));
    });
    rl.on('close', () => resolve(false));
  });
}

async function del(argv) {
  const { opts, profile } = parse(argv, 'delete');
  const paths = profilePaths(profile, process.env);
  if (!instanceExists(paths) && !fs.existsSync(paths.dir)) fatal(`${paths.displayName} does not exist`);
  if (knobs(PRODUCT, process.env).fails('delete'))
    fatal('error during teardown of vm: exit status 1 (STANDIN_FAIL=delete)');
  if (
    !(opts.force ?? opts.f) &&
    !(await confirm(`are you sure you want to delete ${paths.displayName} and all settings`))
  ) {
    return 0;
  }
  say('info', `deleting ${paths.displayName}`);
  await stopVm(paths.processFile, { force: true });
  fs.rmSync(paths.limaDir, { recursive: true, force: true });
  // Since 0.9.0 the container data lives on a lima disk that delete keeps without --data.
  if (opts.data) fs.rmSync(paths.dataDisk, { recursive: true, force: true });
  fs.rmSync(paths.dir, { recursive: true, force: true });
  removeContext(paths.context, process.env);
  say('info', 'done');
  return 0;
}

function statusInfo(paths, state) {
  return {
    display_name: paths.displayName,
    driver: driverLabel(state.vmType),
    arch: state.arch,
    runtime: state.runtime,
    mount_type: state.mountType,
    // app.go `getStatus`: a Docker socket only with runtime docker (omitempty otherwise).
    ...(state.runtime === 'docker' ? { docker_socket: `unix://${paths.socket}` } : {}),
    containerd_socket: `unix://${paths.containerdSocket}`,
    kubernetes: false,
    cpu: state.cpu,
    memory: state.memory * 2 ** 30,
    disk: state.disk * 2 ** 30,
  };
}

async function status(argv) {
  const { opts, profile } = parse(argv, 'status');
  const paths = profilePaths(profile, process.env);
  const k = knobs(PRODUCT, process.env);
  if (k.hangs('status')) await new Promise(() => {});
  if (k.fails('status')) fatal('error retrieving status (STANDIN_FAIL=status)');
  const state = vmState(paths.processFile);
  if (state.status !== 'running') fatal(`${paths.displayName} is not running`);
  const info = statusInfo(paths, state);
  if (opts.json ?? opts.j) {
    process.stdout.write(`${JSON.stringify(info)}\n`);
    return 0;
  }
  say('info', `${paths.displayName} is running using ${info.driver}`);
  say('info', `arch: ${info.arch}`);
  say('info', `runtime: ${info.runtime}`);
  say('info', `mountType: ${info.mount_type}`);
  if (info.docker_socket) say('info', `docker socket: ${info.docker_socket}`);
  return 0;
}

function list(argv) {
  const { opts } = parse(argv);
  const { limaRoot } = profilePaths('default', process.env);
  const names = fs.existsSync(limaRoot) ? fs.readdirSync(limaRoot).filter((n) => n.startsWith('colima')) : [];
  const rows = names.map((instance) => {
    const profile = instance === 'colima' ? 'default' : instance.slice('colima-'.length);
    const paths = profilePaths(profile, process.env);
    const state = vmState(paths.processFile);
    const running = state.status === 'running';
    return {
      name: profile,
      status: running ? 'Running' : 'Stopped',
      arch: state.arch,
      cpus: state.cpu,
      memory: (state.memory ?? 2) * 2 ** 30,
      disk: (state.disk ?? 100) * 2 ** 30,
      ...(running ? { runtime: state.runtime } : {}),
    };
  });
  if (opts.json ?? opts.j) {
    for (const row of rows) process.stdout.write(`${JSON.stringify(row)}\n`);
    return 0;
  }
  if (rows.length === 0) say('warn', 'No instance found. Run `colima start` to create an instance.');
  const width = Math.max(8, ...rows.map((r) => r.name.length)) + 4;
  const line = (cols) =>
    `${cols[0].padEnd(width)}${cols
      .slice(1)
      .map((c) => String(c).padEnd(10))
      .join('')}`.trimEnd();
  process.stdout.write(
    `${line(['PROFILE', 'STATUS', 'ARCH', 'CPUS', 'MEMORY', 'DISK', 'RUNTIME', 'ADDRESS'])}\n`,
  );
  for (const r of rows) {
    const gib = (bytes) => `${bytes / 2 ** 30}GiB`;
    process.stdout.write(
      `${line([r.name, r.status, r.arch ?? '', r.cpus ?? '', gib(r.memory), gib(r.disk), r.runtime ?? '', ''])}\n`,
    );
  }
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
    case '--version':
      process.stdout.write(
        `colima version ${version()} (Mountbench stand-in)\ngit commit: 0000000000000000000000000000000000000000\n`,
      );
      return 0;
    case 'start':
      return start(rest);
    case 'stop':
      return stop(rest);
    case 'delete':
      return del(rest);
    case 'status':
      return status(rest);
    case 'list':
    case 'ls':
      return list(rest);
    default:
      fail(`Error: unknown command "${command}" for "colima"\nRun 'colima --help' for usage.`);
  }
  return 1;
});
