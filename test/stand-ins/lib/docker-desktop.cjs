// Docker Desktop for Mac, as far as Mountbench can see it: the settings file of its generation
// (settings.json up to 4.34, settings-store.json from 4.35), the app's running state, its socket
// ~/.docker/run/docker.sock and its context `desktop-linux`. The rules it enforces at start are the
// documented ones (engine-settings.md); the app holds the file it read and writes it back while it
// runs (see engine-vm.cjs).
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { compareVersions, home, hostFacts, knobs } = require('./common.cjs');
const { ensureContext, setCurrentContext } = require('./docker-contexts.cjs');
const { launchVm, stopVm, vmState, waitVm } = require('./vm-control.cjs');
const { canFake, unmountShares } = require('./fuse-share.cjs');

const PRODUCT = 'docker-desktop';
const DEFAULT_VERSION = '4.43.0';
const CLI_PLUGIN_VERSION = 'v0.1.11';
/** What a bind mount shows in /proc/mounts inside a container (fakeowner is layered over VirtioFS). */
const BIND_FS_TYPE = { virtiofs: 'fakeowner', grpcfuse: 'fuse.grpcfuse', osxfs: 'fuse.osxfs' };

function ddPaths(env = process.env) {
  const h = home(env);
  const group = path.join(h, 'Library', 'Group Containers', 'group.com.docker');
  const data = path.join(h, 'Library', 'Containers', 'com.docker.docker', 'Data');
  return {
    group,
    legacySettings: path.join(group, 'settings.json'),
    storeSettings: path.join(group, 'settings-store.json'),
    socket: path.join(h, '.docker', 'run', 'docker.sock'),
    stateFile: path.join(data, 'standin', 'state.json'),
    logFile: path.join(data, 'standin', 'app.log'),
    home: h,
  };
}

function ddVersion(env = process.env) {
  return (env.STANDIN_DOCKER_DESKTOP_VERSION || DEFAULT_VERSION).replace(/^v/, '');
}

/** "Installed" = its group container folder exists (the fixtures put the settings file there). */
function ddInstalled(env = process.env) {
  return env.STANDIN_DOCKER_DESKTOP !== '0' && fs.existsSync(ddPaths(env).group);
}

function usesStore(env) {
  return compareVersions(ddVersion(env), '4.35.0') >= 0;
}

/** `docker desktop …` exists from 4.37 on; older versions only have the app quit/open route. */
function hasDesktopCli(env = process.env) {
  return ddInstalled(env) && compareVersions(ddVersion(env), '4.37.0') >= 0;
}

function keyFor(name, env) {
  return usesStore(env) ? name : name[0].toLowerCase() + name.slice(1);
}

/** 4.35+ finding only the old file moves it to the new one (PascalCase keys), as the upgrade did. */
function migrateToStore(paths) {
  const legacy = JSON.parse(fs.readFileSync(paths.legacySettings, 'utf8'));
  const store = {};
  for (const [key, value] of Object.entries(legacy)) {
    if (key === 'settingsVersion') continue;
    store[key[0].toUpperCase() + key.slice(1)] = value;
  }
  store.SettingsVersion = 40;
  fs.writeFileSync(paths.storeSettings, `${JSON.stringify(store, null, 2)}\n`);
}

/**
 * settings-store.json leaves out every setting at its default (docs/product-facts.md): these are
 * Docker's documented defaults for the switches a sparse file does not name (the settings
 * reference: the Virtualization framework, VirtioFS and gRPC FUSE all true; VirtioFS wins).
 */
const STORE_DEFAULTS = {
  UseVirtualizationFramework: true,
  UseVirtualizationFrameworkVirtioFS: true,
  UseGrpcfuse: true,
  UseLibkrun: false,
  UseVirtualizationFrameworkRosetta: true,
};

/** 40 up to 4.37 (real files); later numbers by release are unconfirmed: 46 stands for "current". */
function storeSettingsVersion(env) {
  const knob = Number.parseInt(env.STANDIN_DD_SETTINGS_VERSION ?? '', 10);
  if (Number.isInteger(knob)) return knob;
  return compareVersions(ddVersion(env), '4.38.0') < 0 ? 40 : 46;
}

function defaultSettings(env) {
  if (usesStore(env) && compareVersions(ddVersion(env), '4.38.0') >= 0) {
    // A fresh install of a 4.4x–4.9x release: nine keys, no switch (a real file, fixture v43).
    return {
      AutoStart: false,
      DisplayedOnboarding: true,
      DockerAppLaunchPath: '/Applications/Docker.app',
      EnableDockerAI: true,
      LastContainerdSnapshotterEnable: Math.floor(Date.now() / 1000),
      LicenseTermsVersion: 2,
      SettingsVersion: storeSettingsVersion(env),
      ShowInstallScreen: false,
      UseContainerdSnapshotter: true,
    };
  }
  const k = (name) => keyFor(name, env);
  return {
    [k('Cpus')]: 4,
    [k('FilesharingDirectories')]: ['/Users', '/Volumes', '/private', '/tmp', '/var/folders'],
    [k('MemoryMiB')]: 8092,
    [k('UseGrpcfuse')]: true,
    [k('UseVirtualizationFramework')]: true,
    [k('UseVirtualizationFrameworkVirtioFS')]: true,
    ...(usesStore(env)
      ? { SettingsVersion: storeSettingsVersion(env), UseLibkrun: false }
      : { settingsVersion: 34 }),
  };
}

/** Docker.app as the app runs it: its processes' command lines start with this path. */
function appBundle(env) {
  const own = path.join(home(env), 'Applications', 'Docker.app');
  return fs.existsSync(own) ? own : '/Applications/Docker.app';
}

/** What the settings make the app run, or why it refuses to start. */
function effectiveSetup(settings, env) {
  const get = (name) => {
    const value = settings[keyFor(name, env)];
    if (value === undefined && usesStore(env)) return STORE_DEFAULTS[name] ?? false;
    return value === true;
  };
  const host = hostFacts(env);
  const vz = get('UseVirtualizationFramework');
  const libkrun = usesStore(env) && get('UseLibkrun');
  const virtiofs = get('UseVirtualizationFrameworkVirtioFS');
  if (libkrun && host.arch !== 'arm64') return { error: 'Docker VMM requires Apple silicon' };
  if (!libkrun && virtiofs && !vz)
    return {
      error: 'VirtioFS file sharing requires the Virtualization framework (UseVirtualizationFramework)',
    };
  if (vz && host.macosVersion && compareVersions(host.macosVersion, '12.5') < 0)
    return {
      error: `the Virtualization framework needs macOS 12.5 or later (this Mac: ${host.macosVersion})`,
    };
  if (virtiofs && vz && env.STANDIN_DD_CHECK_SHARES === '1') {
    const dirs = settings[keyFor('FilesharingDirectories', env)] ?? [];
    const missing = dirs.find((d) => !fs.existsSync(d));
    if (missing) return { error: `VirtioFS: shared folder ${missing} does not exist` };
  }
  const vm = libkrun ? 'docker-vmm' : vz ? 'vz' : host.arch === 'arm64' ? 'qemu' : 'hyperkit';
  const fileSharing = libkrun || (vz && virtiofs) ? 'virtiofs' : get('UseGrpcfuse') ? 'grpcfuse' : 'osxfs';
  return { vm, fileSharing, rosetta: vz && get('UseVirtualizationFrameworkRosetta') };
}

/** Reads the settings the app would start with; creates defaults on a first run, as the app does. */
function loadForStart(env) {
  const paths = ddPaths(env);
  if (usesStore(env) && !fs.existsSync(paths.storeSettings) && fs.existsSync(paths.legacySettings)) {
    migrateToStore(paths);
  }
  const file = usesStore(env) ? paths.storeSettings : paths.legacySettings;
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify(defaultSettings(env), null, 2)}\n`);
  }
  const contents = fs.readFileSync(file, 'utf8');
  let settings;
  try {
    settings = JSON.parse(contents);
  } catch (err) {
    return { file, contents, error: `settings file ${file} is corrupt: ${err.message}` };
  }
  return { file, contents, settings, setup: effectiveSetup(settings, env) };
}

/**
 * The file share made real while the app runs (STANDIN_DD_SHARED_DIR: the folder the tests' bind
 * mounts come from): bindfs with the setting's FUSE subtype for gRPC FUSE and osxfs, which are FUSE
 * in the real VM too. VirtioFS (fakeowner) has no FUSE imitation: its bind mounts stay ext4 here,
 * and Mountbench's verification refuses them, as it must.
 */
function shareFor(fileSharing, env) {
  const dir = env.STANDIN_DD_SHARED_DIR;
  const fsType = BIND_FS_TYPE[fileSharing];
  return dir && fsType && canFake(fsType) ? { dir: path.resolve(dir), fsType } : null;
}

function ddState(env = process.env) {
  return vmState(ddPaths(env).stateFile);
}

/** Starts the app (does not wait). Throws with the app's reason when it refuses to start. */
function launchApp(env = process.env) {
  const paths = ddPaths(env);
  const loaded = loadForStart(env);
  const k = knobs(PRODUCT, env);
  const refusal = loaded.error ?? loaded.setup.error;
  const launch = launchVm(
    {
      product: PRODUCT,
      stateFile: paths.stateFile,
      socketPath: paths.socket,
      logFile: paths.logFile,
      watchDir: paths.home,
      knobs: refusal ? { ...k, fails: (op) => op === 'start' || k.fails(op) } : k,
      failMessage: refusal ?? 'Docker Desktop failed to start (STANDIN_FAIL=start)',
      extra: {
        version: ddVersion(env),
        settingsFile: loaded.file,
        vm: loaded.setup?.vm ?? null,
        fileSharing: loaded.setup?.fileSharing ?? null,
        message: null,
      },
      bindFsType: BIND_FS_TYPE[loaded.setup?.fileSharing] ?? null,
      share: refusal ? null : shareFor(loaded.setup.fileSharing, env),
      argv0: path.join(appBundle(env), 'Contents', 'MacOS', 'com.docker.backend'),
      lingerMs: Number.parseInt(env.STANDIN_DD_LINGER_MS ?? '', 10) || 0,
      keepFile: {
        path: loaded.file,
        contents: loaded.contents,
        intervalMs: Number.parseInt(env.STANDIN_DD_REWRITE_MS ?? '', 10) || 200,
      },
    },
    env,
  );
  ensureContext('desktop-linux', paths.socket, 'Docker Desktop', env);
  // Docker Desktop may switch the current context back to its own at start (engine-settings.md).
  if (env.STANDIN_DD_SWITCH_CONTEXT !== '0') setCurrentContext('desktop-linux', env);
  return launch;
}

async function startApp(env, { wait, timeoutMs }) {
  const launch = launchApp(env);
  if (!wait) return { status: 'starting' };
  const state = await waitVm(ddPaths(env).stateFile, launch, { timeoutMs });
  return state ?? { status: 'timeout' };
}

async function stopApp(env, { wait, timeoutMs, force }) {
  const paths = ddPaths(env);
  if (!wait) {
    const state = vmState(paths.stateFile);
    if (state.pid) process.kill(state.pid, force ? 'SIGKILL' : 'SIGTERM');
    return true;
  }
  const stopped = await stopVm(paths.stateFile, { timeoutMs, force });
  // A forced stop (SIGKILL) ends the app before it can take its share down, and a failed unmount
  // stays on record: the CLI takes down whatever share is left.
  const left = vmState(paths.stateFile).share;
  if (stopped && left?.dir) unmountShares(left.dir);
  return stopped;
}

module.exports = {
  PRODUCT,
  CLI_PLUGIN_VERSION,
  ddPaths,
  ddVersion,
  ddInstalled,
  hasDesktopCli,
  ddState,
  launchApp,
  startApp,
  stopApp,
  effectiveSetup,
};
