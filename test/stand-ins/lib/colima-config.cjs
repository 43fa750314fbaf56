// colima's files as colima writes them: the profile's colima.yaml (`<home>/<profile>/colima.yaml`,
// what the user edits), the instance's state file (`_lima/<instance>/colima.yaml`, the settings the VM
// was created with, which colima obeys from 0.7.0 on) and the template
// (`_templates/default.yaml`, which a new profile starts from). Both colima.yaml files are written by
// colima's util/yamlutil `Save`: the embedded default template (comments and key order kept) with the
// config's values put in, re-encoded by yaml.v3 with a two-space indent; a nil list comes out as
// `null`, a key the template does not have is not written, flow lists come out as block lists.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { parsedYaml, yaml } = require('./parsed-yaml.cjs');
const { home, hostFacts } = require('./common.cjs');

/**
 * config/files.go (`configBaseDir`) of colima 0.10.3: $COLIMA_HOME when that folder exists (os.Stat,
 * so a relative value is relative to the working folder), else ~/.colima when it exists, else
 * $XDG_CONFIG_HOME/colima when the variable is set at all, else ~/.colima on macOS and
 * os.UserConfigDir()/colima elsewhere. (Taking ~/.config/colima when it exists is on main only.)
 */
function colimaHome(env = process.env) {
  if (env.COLIMA_HOME && fs.existsSync(env.COLIMA_HOME)) return path.resolve(env.COLIMA_HOME);
  const dotColima = path.join(home(env), '.colima');
  if (fs.existsSync(dotColima)) return dotColima;
  if (env.XDG_CONFIG_HOME !== undefined) return path.resolve(env.XDG_CONFIG_HOME, 'colima');
  if (hostFacts(env).platform === 'darwin') return dotColima;
  return path.join(env.XDG_CONFIG_HOME || path.join(home(env), '.config'), 'colima');
}

function profilePaths(profile, env = process.env) {
  const root = colimaHome(env);
  const instance = profile === 'default' ? 'colima' : `colima-${profile}`;
  // config/files.go: Lima's folder is $LIMA_HOME when set, else <colima home>/_lima.
  const limaRoot = env.LIMA_HOME || path.join(root, '_lima');
  const limaDir = path.join(limaRoot, instance);
  return {
    root,
    instance,
    limaRoot,
    dir: path.join(root, profile),
    config: path.join(root, profile, 'colima.yaml'),
    socket: path.join(root, profile, 'docker.sock'),
    // With runtime containerd there is no Docker socket; the stand-in's VM serves this one instead.
    containerdSocket: path.join(root, profile, 'containerd.sock'),
    template: path.join(root, '_templates', 'default.yaml'),
    limaDir,
    // `limactl disk create <instance>` under colima's LIMA_HOME (environment/vm/lima/limautil/disk.go).
    dataDisk: path.join(limaRoot, '_disks', instance),
    // config/profile.go `StateFile`: written after every start ("preserve state", lima.go).
    stateFile: path.join(limaDir, 'colima.yaml'),
    // The stand-in's own record of its background "VM" process (Lima keeps ha.pid and such there).
    processFile: path.join(limaDir, 'standin-state.json'),
    logFile: path.join(limaDir, 'ha.stdout.log'),
    context: profile === 'default' ? 'colima' : `colima-${profile}`,
    displayName: profile === 'default' ? 'colima' : `colima [profile=${profile}]`,
  };
}

const TEMPLATE = fs.readFileSync(path.join(__dirname, 'colima-template.yaml'), 'utf8');

/** configmanager.LoadFrom: null when the file is missing; `{ error }` when it is not YAML colima reads. */
function loadFrom(file) {
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  try {
    const value = parsedYaml('colima.yaml', text, (YAML, t) => YAML.parse(t));
    if (value === null || value === undefined) return {};
    if (typeof value !== 'object' || Array.isArray(value)) return { error: 'not a mapping' };
    return { config: value };
  } catch (err) {
    return { error: err.message.split('\n')[0] };
  }
}

function blockStyle(node) {
  if (yaml().isCollection(node)) {
    node.flow = false;
    for (const item of node.items) blockStyle(yaml().isPair(item) ? item.value : item);
  }
}

/**
 * yamlutil.Save: the template's nodes with the config's values, encoded with indent 2. `config`
 * holds the values colima's Config struct would; an absent list is written as null (a nil slice).
 */
function encodeConfig(config) {
  const doc = yaml().parseDocument(TEMPLATE);
  const put = (keys, value) => {
    if (!doc.hasIn(keys)) return; // traverseNode only visits the template's own keys
    doc.setIn(keys, doc.createNode(value));
    blockStyle(doc.getIn(keys, true));
  };
  // Struct-typed sections are filled key by key (their comments stay); maps (docker, env) and
  // lists are replaced whole, as yamlutil's encodeYAML does.
  const structs = ['kubernetes', 'network'];
  const lists = ['mounts', 'provision'];
  for (const [key, value] of Object.entries(config)) {
    if (structs.includes(key) && value && typeof value === 'object') {
      for (const [sub, v] of Object.entries(value)) put([key, sub], v);
    } else if (!lists.includes(key)) {
      put([key], value);
    }
  }
  for (const key of lists) put([key], Array.isArray(config[key]) ? config[key] : null);
  if (!Array.isArray(config.network?.dns)) put(['network', 'dns'], null);
  // kubernetes.k3sArgs is a list in the struct: block style too.
  if (doc.hasIn(['kubernetes', 'k3sArgs'])) blockStyle(doc.getIn(['kubernetes', 'k3sArgs'], true));
  if (doc.hasIn(['diskImage']) && config.diskImage === undefined) put(['diskImage'], '');
  return doc.toString({ indent: 2, indentSeq: true, lineWidth: 0 });
}

function saveTo(file, config) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // os.WriteFile, as yamlutil.Save does: in place, not through a temporary file.
  fs.writeFileSync(file, encodeConfig(config));
}

module.exports = { colimaHome, profilePaths, loadFrom, saveTo, encodeConfig };
