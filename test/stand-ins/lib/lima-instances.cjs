// Lima's instance files as Lima keeps them: `$LIMA_HOME` or `~/.lima`, one folder per instance with
// its `lima.yaml` (the template's text with the flags' yq edits, written in place) and
// `lima-version` (the Lima that created it). And Lima's rules for what an instance runs with:
// the defaults each driver fills in (vmType, mountType, 9p's options) and the mount types each
// driver refuses. Sources: docs/product-facts.md (Lima), lima-vm/lima at v2.2.0.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { compareVersions, home, hostFacts } = require('./common.cjs');
const { parsedYaml, yaml } = require('./parsed-yaml.cjs');

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/;
/** templates/docker.yaml of lima-vm/lima v2.2.0, byte for byte. */
const DOCKER_TEMPLATE = fs.readFileSync(path.join(__dirname, 'lima-docker-template.yaml'), 'utf8');

function limaVersion(env = process.env) {
  return env.STANDIN_LIMA_VERSION || '2.2.0';
}

/** pkg/limatype/dirnames `LimaDir`. */
function limaHome(env = process.env) {
  return env.LIMA_HOME ? path.resolve(env.LIMA_HOME) : path.join(home(env), '.lima');
}

function instanceDir(name, env = process.env) {
  return path.join(limaHome(env), name);
}

function instanceNames(env = process.env) {
  const root = limaHome(env);
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root)
    .filter((n) => !n.startsWith('_') && !n.startsWith('.') && fs.existsSync(path.join(root, n, 'lima.yaml')))
    .sort();
}

function parseDoc(YAML, text) {
  const doc = YAML.parseDocument(text);
  if (doc.errors.length) throw new Error(`failed to unmarshal YAML: ${doc.errors[0].message}`);
  return doc;
}

/** lima.yaml as a document, for an edit that writes it back. */
function readDoc(dir) {
  return parseDoc(yaml(), fs.readFileSync(path.join(dir, 'lima.yaml'), 'utf8'));
}

/** lima.yaml's values, for reading (parsed once per text: parsed-yaml.cjs). */
function readConfig(dir) {
  const text = fs.readFileSync(path.join(dir, 'lima.yaml'), 'utf8');
  return parsedYaml('lima.yaml', text, (YAML, t) => parseDoc(YAML, t).toJS() ?? {});
}

/** Lima's yq edits of `--vm-type`, `--mount-type`, `--mount-writable` and `--set` (the subset emulated). */
function applyEdits(doc, edits) {
  if (edits.vmType !== undefined) doc.set('vmType', edits.vmType);
  if (edits.mountType !== undefined) doc.set('mountType', edits.mountType);
  const mounts = () => {
    const list = doc.get('mounts', true);
    return yaml().isSeq(list) ? list.items : [];
  };
  if (edits.mountWritable) {
    // The docker template has no mounts of its own: its base `template:_default/mounts` gives `~`.
    if (!doc.has('mounts')) doc.set('mounts', doc.createNode([{ location: '~' }]));
    for (const m of mounts()) m.set('writable', true);
  }
  for (const expr of edits.set ?? []) {
    for (const part of expr.split('|').map((s) => s.trim())) {
      const m = /^\.mounts\[\]\.9p\.(msize|cache|securityModel|protocolVersion)\s*=\s*"([^"]*)"$/.exec(part);
      if (!m) {
        throw new Error(
          `STAND-IN limactl emulates --set only for '.mounts[].9p.<option> = "<value>"', not: ${part}`,
        );
      }
      if (!doc.has('mounts')) doc.set('mounts', doc.createNode([{ location: '~' }]));
      for (const mount of mounts()) mount.setIn(['9p', m[1]], m[2]);
    }
  }
}

function macos(env) {
  const h = hostFacts(env);
  return { ...h, atLeast: (v) => h.platform === 'darwin' && compareVersions(h.macosVersion ?? '0', v) >= 0 };
}

/** Fills the defaults Lima fills (pkg/limayaml/defaults.go, each driver's FillConfig). */
/** `y`: lima.yaml's values (readConfig, or a document's toJS()). */
function resolve(dir, y, env = process.env) {
  const version = limaVersion(env);
  const host = macos(env);
  const createdWith = (() => {
    try {
      return fs.readFileSync(path.join(dir, 'lima-version'), 'utf8').trim();
    } catch {
      return version;
    }
  })();
  const vmType = y.vmType ?? (compareVersions(version, '1.0.0') >= 0 && host.atLeast('13.5') ? 'vz' : 'qemu');
  let mountType = y.mountType ?? null;
  if (!mountType || mountType === 'default') {
    if (compareVersions(version, '1.0.0') < 0) mountType = vmType === 'vz' ? 'virtiofs' : 'reverse-sshfs';
    else if (vmType === 'vz' || vmType === 'krunkit') mountType = 'virtiofs';
    else if (vmType === 'qemu')
      mountType = compareVersions(createdWith, '1.0.0') >= 0 ? '9p' : 'reverse-sshfs';
    else mountType = 'reverse-sshfs';
  }
  const rawMounts = Array.isArray(y.mounts) ? y.mounts : [{ location: '~' }];
  const mounts = rawMounts.map((m) => {
    const writable = m.writable === true;
    const location = String(m.location ?? '').replace(/^~(?=$|\/)/, home(env));
    const ninep = m['9p'] ?? {};
    return {
      location,
      mountPoint: m.mountPoint ?? location,
      writable,
      sshfs: { cache: true, followSymlinks: false, sftpDriver: '' },
      '9p': {
        securityModel: ninep.securityModel ?? 'none',
        protocolVersion: ninep.protocolVersion ?? '9p2000.L',
        msize: ninep.msize ?? '128KiB',
        cache: ninep.cache ?? (writable ? 'mmap' : 'fscache'),
      },
      virtiofs: {},
    };
  });
  const portForwards = (Array.isArray(y.portForwards) ? y.portForwards : []).map((p) => ({
    ...p,
    ...(typeof p.hostSocket === 'string' ? { hostSocket: p.hostSocket.replace('{{.Dir}}', dir) } : {}),
  }));
  return {
    vmType,
    arch: host.arch === 'arm64' ? 'aarch64' : 'x86_64',
    cpus: y.cpus ?? 4,
    memory: y.memory ?? '4GiB',
    disk: y.disk ?? '100GiB',
    mountType,
    mountInotify: y.mountInotify ?? false,
    mounts,
    portForwards,
    createdWith,
  };
}

function onPath(tool, env) {
  return (env.PATH ?? '').split(path.delimiter).some((d) => {
    try {
      fs.accessSync(path.join(d, tool), fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** The drivers' Validate: which VM types run here and which mount types each takes (darwin). */
function validate(config, env = process.env) {
  const host = macos(env);
  const version = limaVersion(env);
  const { vmType, mountType } = config;
  if (!['qemu', 'vz', 'krunkit'].includes(vmType))
    return `vmType ${JSON.stringify(vmType)} is not a registered driver`;
  if (!['reverse-sshfs', '9p', 'virtiofs'].includes(mountType))
    return `field \`mountType\` must be "reverse-sshfs", "9p", "virtiofs", "wsl2", or "default", got "${mountType}"`;
  if (vmType === 'qemu') {
    if (!onPath('qemu-img', env)) return 'qemu-img not found in $PATH (brew install qemu)';
    if (host.platform === 'darwin' && mountType === 'virtiofs')
      return `field \`mountType\` must be "reverse-sshfs" or "9p" for QEMU driver on macOS, got "${mountType}"`;
  }
  if (vmType === 'vz') {
    if (host.platform !== 'darwin') return 'vmType "vz" is not a registered driver';
    if (!host.atLeast('13.0')) return 'VZ driver requires macOS 13 or higher to run';
    if (mountType === '9p')
      return `field \`mountType\` must be "reverse-sshfs" or "virtiofs" for VZ driver , got "${mountType}"`;
  }
  if (vmType === 'krunkit') {
    if (compareVersions(version, '2.0.0') < 0 || host.platform !== 'darwin' || host.arch !== 'arm64')
      return 'vmType "krunkit" is not a registered driver';
    if (!onPath('krunkit', env)) return 'krunkit not found in $PATH';
    if (mountType !== 'virtiofs' && mountType !== 'reverse-sshfs')
      return `field \`mountType\` must be "virtiofs" or "reverse-sshfs" for krunkit driver, got "${mountType}"`;
  }
  return null;
}

module.exports = {
  NAME,
  DOCKER_TEMPLATE,
  limaVersion,
  limaHome,
  instanceDir,
  instanceNames,
  readDoc,
  readConfig,
  applyEdits,
  resolve,
  validate,
};
