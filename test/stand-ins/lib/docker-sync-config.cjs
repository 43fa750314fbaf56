// Reads a docker-sync.yml as docker-sync does and checks its documented rules: `version: "2"`, a
// non-empty `syncs` map, every sync with a `src` folder that exists. A missing or unknown
// `sync_strategy` becomes docker-sync's default for the host (project_config.rb,
// default_sync_strategy): `native` on Linux, `native_osx` on a Mac with Docker Desktop.
// The YAML reader covers the block subset docker-sync's own examples use (maps, `- ` lists, `[]`,
// quoted and plain scalars, comments) and refuses anything else rather than guess.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { hostFacts } = require('./common.cjs');

const STRATEGIES = ['native_osx', 'native', 'unison', 'rsync'];

function defaultStrategy(env) {
  return hostFacts(env).platform === 'linux' ? 'native' : 'native_osx';
}

function scalar(text, where) {
  const t = text.trim();
  if (t === '[]') return [];
  if (t === '{}') return {};
  if (t.startsWith("'")) {
    if (!t.endsWith("'") || t.length < 2) throw new Error(`${where}: unterminated quoted string`);
    return t.slice(1, -1).replace(/''/g, "'");
  }
  if (t.startsWith('"')) return JSON.parse(t);
  if (/^(true|false)$/.test(t)) return t === 'true';
  if (/^-?\d+(\.\d+)?$/.test(t)) return Number(t);
  if (/^[[{&*!|>]/.test(t)) throw new Error(`${where}: the stand-in reads no YAML flow/anchor/block scalars`);
  return t;
}

/** Block YAML → plain objects. */
function parseYaml(text) {
  const lines = text
    .split('\n')
    .map((raw, i) => ({ raw: raw.replace(/\s+#.*$/, '').replace(/^#.*$/, ''), n: i + 1 }))
    .filter((l) => l.raw.trim() !== '');
  let i = 0;
  const indentOf = (l) => l.raw.length - l.raw.trimStart().length;
  function block(indent) {
    const first = lines[i];
    if (first.raw.trimStart().startsWith('- ')) {
      const list = [];
      while (i < lines.length && indentOf(lines[i]) === indent && lines[i].raw.trimStart().startsWith('- ')) {
        list.push(scalar(lines[i].raw.trimStart().slice(2), `line ${lines[i].n}`));
        i++;
      }
      return list;
    }
    const map = {};
    while (i < lines.length && indentOf(lines[i]) === indent) {
      const line = lines[i];
      const m = /^([A-Za-z0-9_.-]+|'[^']*'|"[^"]*"):(?:\s+(.*))?$/.exec(line.raw.trim());
      if (!m) throw new Error(`line ${line.n}: cannot read "${line.raw.trim()}"`);
      const key = m[1].replace(/^['"]|['"]$/g, '');
      if (key in map) throw new Error(`line ${line.n}: duplicate key "${key}"`);
      i++;
      if (m[2] !== undefined && m[2] !== '') map[key] = scalar(m[2], `line ${line.n}`);
      else if (i < lines.length && indentOf(lines[i]) > indent) map[key] = block(indentOf(lines[i]));
      else map[key] = null;
    }
    if (i < lines.length && indentOf(lines[i]) > indent)
      throw new Error(`line ${lines[i].n}: bad indentation`);
    return map;
  }
  return lines.length ? block(indentOf(lines[0])) : {};
}

/** The project's config with every sync's `src` resolved; throws docker-sync's complaints. */
function loadConfig(projectDir, file = 'docker-sync.yml') {
  const full = path.resolve(projectDir, file);
  if (!fs.existsSync(full)) throw new Error(`Config could not be loaded from ${full} - it does not exist`);
  const config = parseYaml(fs.readFileSync(full, 'utf8'));
  if (String(config.version) !== '2' || typeof config.version !== 'string')
    throw new Error('Your docker-sync.yml file does not match the required version (2): set version: "2"');
  if (
    !config.syncs ||
    typeof config.syncs !== 'object' ||
    Array.isArray(config.syncs) ||
    !Object.keys(config.syncs).length
  )
    throw new Error('no syncs defined in docker-sync.yml');
  const syncs = Object.entries(config.syncs).map(([name, sync]) => {
    if (!/^[a-zA-Z0-9][a-zA-Z0-9_.-]*$/.test(name)) throw new Error(`invalid sync name "${name}"`);
    if (!sync || typeof sync.src !== 'string') throw new Error(`sync ${name}: src is required`);
    const src = path.resolve(path.dirname(full), sync.src);
    if (!fs.existsSync(src) || !fs.statSync(src).isDirectory())
      throw new Error(`sync ${name}: src ${src} is not a folder`);
    const strategy = STRATEGIES.includes(sync.sync_strategy)
      ? sync.sync_strategy
      : defaultStrategy(process.env);
    return { name, src, strategy, excludes: sync.sync_excludes ?? [], userid: sync.sync_userid ?? null };
  });
  return { file: full, projectDir: path.dirname(full), syncs };
}

module.exports = { parseYaml, loadConfig, STRATEGIES };
