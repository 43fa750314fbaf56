// The machine files of the `podman` stand-in, where and as Podman 5 writes them (containers/podman
// v5.8.2: pkg/machine/env/dir.go, vmconfigs/config.go `MachineConfig`, shim/volume.go,
// volumes.go; docs/product-facts.md, Podman): `<config home>/containers/podman/machine/<provider>/
// <name>.json`, the API socket at `$TMPDIR/podman/<name>-api.sock`. The stand-in's own VM state
// (engine-vm.cjs) sits beside the machine's data, `<data home>/containers/podman/machine/<provider>/
// <name>.standin-state.json`. Also used by the sandbox (test/stand-ins/sandbox.ts) to give a home
// the user's own machine, written by the same code as `podman machine init`.
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { readJson, writeJson } = require('./common.cjs');

const PROVIDERS = ['applehv', 'libkrun'];
/** go.podman.io/common pkg/config/default_darwin.go `getDefaultMachineVolumes`. */
const DEFAULT_VOLUMES = ['/Users:/Users', '/private:/private', '/var/folders:/var/folders'];
const ZERO_TIME = '0001-01-01T00:00:00Z';

function homeOf(env) {
  if (!env.HOME) throw new Error('stand-in: HOME is not set');
  return env.HOME;
}

const configHome = (env) => env.XDG_CONFIG_HOME || path.join(homeOf(env), '.config');
const dataHome = (env) => env.XDG_DATA_HOME || path.join(homeOf(env), '.local', 'share');

function configDir(env, provider) {
  return path.join(configHome(env), 'containers', 'podman', 'machine', provider);
}

function paths(env, provider, name) {
  const data = path.join(dataHome(env), 'containers', 'podman', 'machine', provider);
  const runtime = path.join(env.TMPDIR || '/tmp', 'podman');
  return {
    configFile: path.join(configDir(env, provider), `${name}.json`),
    stateFile: path.join(data, `${name}.standin-state.json`),
    logFile: path.join(data, `${name}.standin.log`),
    imagePath: path.join(data, `${name}-arm64.raw`),
    socket: path.join(runtime, `${name}-api.sock`),
    identity: path.join(dataHome(env), 'containers', 'podman', 'machine', 'machine'),
  };
}

/** A virtiofs mount as Podman records it: the tag is the first 36 hex digits of sha256(target). */
function virtiofsMount(volume) {
  const [source, target = source, options = ''] = volume.split(':');
  const tag = crypto.createHash('sha256').update(target).digest('hex').slice(0, 36);
  return {
    ReadOnly: options.split(',').includes('ro'),
    Source: source,
    Tag: tag,
    Target: target,
    Type: 'virtiofs',
  };
}

/** The machine file `podman machine init` writes (the fields of vmconfigs.MachineConfig). */
function machineFile(env, provider, name, volumes, uid) {
  const p = paths(env, provider, name);
  // Podman picks a free port for the VM process's REST endpoint at init (utils.GetRandomPort).
  const endpoint = `http://localhost:${20000 + (crypto.randomBytes(2).readUInt16BE() % 40000)}`;
  const hypervisor =
    provider === 'libkrun'
      ? { LibKrunHypervisor: { KRun: { Endpoint: endpoint, BinaryPath: null } } }
      : { AppleHypervisor: { Vfkit: { Endpoint: endpoint, BinaryPath: null } } };
  return {
    Created: new Date().toISOString(),
    GvProxy: { GvProxy: null, PidFile: '', LogFile: '', SSHPort: 0 },
    HostUser: { Rootful: false, UID: uid, HostUserModified: false },
    LastUp: ZERO_TIME,
    Mounts: volumes.map(virtiofsMount),
    Name: name,
    Resources: { CPUs: 5, DiskSize: 100, Memory: 2048, USBs: [] },
    SSH: {
      IdentityPath: p.identity,
      Port: 50000 + (crypto.randomBytes(2).readUInt16BE() % 10000),
      RemoteUsername: 'core',
    },
    Starting: false,
    Version: 1,
    Swap: 0,
    ImagePath: { Path: p.imagePath },
    ...hypervisor,
    Rosetta: provider === 'applehv',
  };
}

function writeMachine(env, provider, name, volumes = DEFAULT_VOLUMES, uid = process.getuid?.() ?? 501) {
  const p = paths(env, provider, name);
  writeJson(p.configFile, machineFile(env, provider, name, volumes, uid));
  fs.mkdirSync(path.dirname(p.imagePath), { recursive: true });
  fs.writeFileSync(p.imagePath, '');
  return p.configFile;
}

function readMachine(env, provider, name) {
  return readJson(paths(env, provider, name).configFile);
}

/** Names of one provider's machines, from its folder of machine files. */
function machineNames(env, provider) {
  try {
    return fs
      .readdirSync(configDir(env, provider))
      .filter((f) => f.endsWith('.json') && !f.startsWith('.'))
      .map((f) => f.slice(0, -'.json'.length))
      .sort();
  } catch {
    return [];
  }
}

module.exports = { PROVIDERS, DEFAULT_VOLUMES, ZERO_TIME, paths, writeMachine, readMachine, machineNames };
