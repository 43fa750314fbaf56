// Rancher Desktop's settings model, per settings version: where the VM type and mount type live,
// the migrations between versions, the validator rules Mountbench depends on (with the messages
// of settingsValidator.ts), and the merge/serialisation the app uses (settingsImpl.ts: lodash
// merge, then JSON.stringify with no whitespace).
'use strict';

const { compareVersions } = require('./common.cjs');

/** RD version → the settings version it writes (CURRENT_SETTINGS_VERSION; 17/18 have 16's paths). */
function settingsVersionFor(rdVersion) {
  const v = String(rdVersion).replace(/^v/, '');
  if (compareVersions(v, '1.15.0') < 0) return 11;
  if (compareVersions(v, '1.16.0') < 0) return 13;
  if (compareVersions(v, '1.19.0') < 0) return 14;
  if (compareVersions(v, '1.20.0') < 0) return 15;
  if (compareVersions(v, '1.22.0') < 0) return 16;
  if (compareVersions(v, '1.23.0') < 0) return 17;
  if (compareVersions(v, '1.24.0') < 0) return 18;
  return 19;
}

/** The JSON paths of the owned settings in one settings version. */
function pathsFor(version) {
  return {
    vmType: version <= 14 ? 'experimental.virtualMachine.type' : 'virtualMachine.type',
    useRosetta: version <= 14 ? 'experimental.virtualMachine.useRosetta' : 'virtualMachine.useRosetta',
    mountType: version <= 15 ? 'experimental.virtualMachine.mount.type' : 'virtualMachine.mount.type',
    ninep: 'experimental.virtualMachine.mount.9p',
  };
}

function get(obj, dotted) {
  return dotted.split('.').reduce((o, k) => (o && typeof o === 'object' ? o[k] : undefined), obj);
}

function has(obj, dotted) {
  const parts = dotted.split('.');
  const last = parts.pop();
  const parent = parts.reduce((o, k) => (o && typeof o === 'object' ? o[k] : undefined), obj);
  return Boolean(parent) && typeof parent === 'object' && Object.hasOwn(parent, last);
}

function set(obj, dotted, value) {
  const parts = dotted.split('.');
  const last = parts.pop();
  let o = obj;
  for (const k of parts) {
    if (!o[k] || typeof o[k] !== 'object') o[k] = {};
    o = o[k];
  }
  o[last] = value;
}

function unset(obj, dotted) {
  const parts = dotted.split('.');
  const last = parts.pop();
  const parent = parts.reduce((o, k) => (o && typeof o === 'object' ? o[k] : undefined), obj);
  if (parent && typeof parent === 'object') delete parent[last];
}

/** Settings are plain JSON, so a JSON round trip is a faithful deep copy. */
function clone(value) {
  return JSON.parse(JSON.stringify(value));
}

function isPlainObject(v) {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** lodash `merge` as settingsImpl uses it: objects recurse, everything else (arrays too) replaces. */
function merge(target, changes) {
  for (const [k, v] of Object.entries(changes)) {
    if (isPlainObject(v) && isPlainObject(target[k])) merge(target[k], v);
    else target[k] = isPlainObject(v) ? merge({}, v) : v;
  }
  return target;
}

/** lodash `defaultsDeep`: fills missing keys only, appended at the end of each object. */
function defaultsDeep(target, defaults) {
  for (const [k, v] of Object.entries(defaults)) {
    if (!Object.hasOwn(target, k)) target[k] = clone(v);
    else if (isPlainObject(v) && isPlainObject(target[k])) defaultsDeep(target[k], v);
  }
  return target;
}

function defaultSettings(version, host) {
  const vzDefault =
    host.platform === 'darwin' && host.macosVersion && compareVersions(host.macosVersion, '14.0') >= 0;
  const s = {
    version,
    application: { adminAccess: false, debug: false, pathManagementStrategy: 'rcfiles' },
    containerEngine: { allowedImages: { enabled: false, patterns: [] }, name: 'moby' },
    virtualMachine: { memoryInGB: 2, numberCPUs: 2 },
    kubernetes: { version: '', port: 6443, enabled: true },
    experimental: { virtualMachine: { mount: {} } },
  };
  const p = pathsFor(version);
  set(s, p.vmType, version >= 16 && vzDefault ? 'vz' : 'qemu');
  set(s, p.useRosetta, false);
  set(s, p.mountType, version >= 16 && vzDefault ? 'virtiofs' : 'reverse-sshfs');
  set(s, p.ninep, { securityModel: 'none', protocolVersion: '9p2000.L', msizeInKib: 128, cacheMode: 'mmap' });
  if (version >= 17) s.containerEngine.mobyStorageDriver = 'auto';
  // settings.ts: application.theme came with 18 (1.23), application.locale with 19 (1.24).
  if (version >= 18) s.application.theme = 'system';
  if (version >= 19) s.application.locale = 'en-us';
  return s;
}

/** settingsImpl.updateTable for the steps Mountbench meets (11 → 19). */
const MIGRATIONS = {
  11: (s) => {
    unset(s, 'experimental.virtualMachine.socketVMNet');
    const evm = get(s, 'experimental.virtualMachine');
    if (evm && Object.keys(evm).length === 0) unset(s, 'experimental.virtualMachine');
  },
  12: (s) => set(s, 'experimental.virtualMachine.networkingTunnel', true),
  13: (s) => {
    unset(s, 'virtualMachine.hostResolver');
    unset(s, 'experimental.virtualMachine.networkingTunnel');
  },
  14: (s) => {
    for (const [from, to] of [
      ['experimental.virtualMachine.type', 'virtualMachine.type'],
      ['experimental.virtualMachine.useRosetta', 'virtualMachine.useRosetta'],
    ]) {
      if (has(s, from)) {
        set(s, to, get(s, from));
        unset(s, from);
      }
    }
    const evm = get(s, 'experimental.virtualMachine');
    if (evm && Object.keys(evm).length === 0) unset(s, 'experimental.virtualMachine');
  },
  15: (s) => {
    if (has(s, 'experimental.virtualMachine.mount.type')) {
      set(s, 'virtualMachine.mount.type', get(s, 'experimental.virtualMachine.mount.type'));
      unset(s, 'experimental.virtualMachine.mount.type');
    }
  },
  16: (s) => {
    if (!has(s, 'containerEngine.mobyStorageDriver')) set(s, 'containerEngine.mobyStorageDriver', 'auto');
  },
};

/** migrateSpecifiedSettingsToCurrentVersion: throws TypeError with RD's messages. */
function migrate(settings, target) {
  const firstPart = 'updating settings requires specifying an API version';
  if (!('version' in settings)) throw new TypeError(`${firstPart}, but no version was specified`);
  let v = settings.version;
  if (typeof v !== 'number' || Number.isNaN(v))
    throw new TypeError(`${firstPart}, but "${v}" is not a proper config version`);
  if (v <= 0) throw new TypeError(`${firstPart}, but "${v}" is not a positive number`);
  if (v >= target) return settings;
  for (; v < target; v++) MIGRATIONS[v]?.(settings);
  settings.version = target;
  return settings;
}

const ENUMS = {
  vmType: ['qemu', 'vz'],
  mountType: ['reverse-sshfs', '9p', 'virtiofs'],
  securityModel: ['passthrough', 'mapped-xattr', 'mapped-file', 'none'],
  protocolVersion: ['9p2000', '9p2000.u', '9p2000.L'],
  cacheMode: ['none', 'loose', 'fscache', 'mmap'],
};

function kebab(dotted) {
  return dotted.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/**
 * Checks a (migrated) change set against the current settings, like SettingsValidator.
 * Returns { errors, changed: [dotted paths that change] }. Keys it does not know are ignored, as
 * the real validator ignores them: a wrong path is "no changes necessary", not an error.
 */
function validate(current, changes, host) {
  const version = current.version;
  const p = pathsFor(version);
  const merged = merge(clone(current), changes);
  const errors = [];
  const changed = [];
  const invalid = (fq, v, list) =>
    errors.push(
      `Invalid value for "${fq}": <${JSON.stringify(v)}>${list ? `; must be one of ${JSON.stringify(list)}` : ''}`,
    );

  if ('version' in changes && changes.version !== current.version) {
    errors.push('Changing field "version" via the API isn\'t supported.');
  }
  const leaf = (dotted, check) => {
    if (!has(changes, dotted)) return;
    const desired = get(changes, dotted);
    const before = get(current, dotted);
    if (check(desired, before, dotted) !== false && JSON.stringify(desired) !== JSON.stringify(before))
      changed.push(dotted);
  };

  leaf(p.vmType, (desired, before, fq) => {
    if (!ENUMS.vmType.includes(desired)) return (invalid(fq, desired, ENUMS.vmType), false);
    if (desired === 'vz') {
      const mac = host.macosVersion ?? '0';
      if (host.arch === 'arm64' && compareVersions(mac, '13.3') < 0) {
        errors.push(`Setting ${fq} to "vz" on ARM requires macOS 13.3 (Ventura) or later.`);
        return false;
      }
      if (compareVersions(mac, '13.0') < 0) {
        errors.push(`Setting ${fq} to "vz" on Intel requires macOS 13.0 (Ventura) or later.`);
        return false;
      }
      if (version >= 16 && get(merged, p.mountType) === '9p') {
        errors.push(
          `Setting ${fq} to "vz" requires that ${kebab(p.mountType)} is "reverse-sshfs" or "virtiofs".`,
        );
        return false;
      }
    }
    if (desired === 'qemu' && version >= 16 && get(merged, p.mountType) === 'virtiofs') {
      errors.push(`Setting ${fq} to "qemu" requires that ${kebab(p.mountType)} is "reverse-sshfs" or "9p".`);
      return false;
    }
    return true;
  });

  leaf(p.mountType, (desired, before, fq) => {
    if (!ENUMS.mountType.includes(desired)) return (invalid(fq, desired, ENUMS.mountType), false);
    if (desired === 'virtiofs' && get(merged, p.vmType) !== 'vz') {
      errors.push(`Setting ${fq} to "virtiofs" requires that ${kebab(p.vmType)} is "vz".`);
      return false;
    }
    if (desired === '9p' && get(merged, p.vmType) !== 'qemu') {
      errors.push(`Setting ${fq} to "9p" requires that ${kebab(p.vmType)} is "qemu".`);
      return false;
    }
    return true;
  });

  for (const [key, list] of [
    ['securityModel', ENUMS.securityModel],
    ['protocolVersion', ENUMS.protocolVersion],
    ['msizeInKib', null],
    ['cacheMode', ENUMS.cacheMode],
  ]) {
    leaf(`${p.ninep}.${key}`, (desired, before, fq) => {
      if (get(merged, p.mountType) !== '9p') {
        if (JSON.stringify(desired) !== JSON.stringify(before))
          errors.push(`Setting ${fq} can only be changed when ${p.mountType} is "9p".`);
        return false;
      }
      if (list ? !list.includes(desired) : typeof desired !== 'number' || desired < 4)
        return (invalid(fq, desired, list), false);
      return true;
    });
  }

  for (const dotted of ['virtualMachine.memoryInGB', 'virtualMachine.numberCPUs']) {
    leaf(dotted, (desired, before, fq) =>
      typeof desired === 'number' && desired >= 1 ? true : (invalid(fq, desired), false),
    );
  }
  leaf(p.useRosetta, (desired, before, fq) => {
    if (typeof desired !== 'boolean') return (invalid(fq, desired), false);
    if (desired && !before && get(merged, p.vmType) !== 'vz') {
      errors.push(`Setting ${fq} can only be enabled when ${kebab(p.vmType)} is "vz".`);
      return false;
    }
    return true;
  });
  leaf('containerEngine.name', (desired, before, fq) =>
    ['containerd', 'moby', 'docker'].includes(desired)
      ? true
      : (invalid(fq, desired, ['containerd', 'moby', 'docker']), false),
  );
  leaf('kubernetes.enabled', (desired, before, fq) =>
    typeof desired === 'boolean' ? true : (invalid(fq, desired), false),
  );
  for (const dotted of ['application.autoStart', 'application.startInBackground', 'application.debug']) {
    leaf(dotted, (desired, before, fq) =>
      typeof desired === 'boolean' ? true : (invalid(fq, desired), false),
    );
  }
  return { errors, changed, merged };
}

/** Settings whose change makes the app restart its backend (k8smanager.requiresRestartReasons). */
function needsRestart(changedPaths) {
  return changedPaths.some((p) =>
    /^(experimental\.)?virtualMachine\.|^containerEngine\.name|^kubernetes\./.test(p),
  );
}

module.exports = {
  clone,
  settingsVersionFor,
  pathsFor,
  get,
  set,
  has,
  merge,
  defaultsDeep,
  defaultSettings,
  migrate,
  validate,
  needsRestart,
  kebab,
};
