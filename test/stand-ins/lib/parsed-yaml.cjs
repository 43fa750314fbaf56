// A YAML file's value, parsed once per text: `limactl list` and `colima list` parse every instance's
// file on each call, the tests call them hundreds of times a file, and loading the yaml package was
// a third of each call's CPU (0.14 s a `limactl list --json`, against 0.08 s for a stand-in that
// needs no YAML). The value is kept as JSON under the checkout's node_modules/.cache, named by the
// SHA-256 of the text, so any other text (an edit, a user's file) is parsed afresh; a cached file
// that is not a JSON object written for that text is ignored and replaced. Only text that parses
// without error is kept: an error is thrown (or answered) at every call, as the product does.
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { writeFileAtomic } = require('./common.cjs');

const CACHE_DIR = path.join(__dirname, '..', '..', '..', 'node_modules', '.cache', 'mountbench-standin-yaml');
/** A cached value far larger than any product file Mountbench reads is not ours. */
const MAX_CACHED_BYTES = 1 << 20;

/** The yaml package, loaded on the first parse that misses the cache. */
let yamlModule = null;
function yaml() {
  if (!yamlModule) yamlModule = require('yaml');
  return yamlModule;
}

function cacheFile(kind, text) {
  const sha = crypto.createHash('sha256').update(kind).update('\0').update(text).digest('hex');
  return path.join(CACHE_DIR, `${sha}.json`);
}

function readCached(file) {
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile() || stat.size > MAX_CACHED_BYTES) return undefined;
    const entry = JSON.parse(fs.readFileSync(file, 'utf8'));
    return entry !== null && typeof entry === 'object' && 'value' in entry ? entry.value : undefined;
  } catch {
    return undefined;
  }
}

function writeCached(file, value) {
  try {
    writeFileAtomic(file, JSON.stringify({ value }));
  } catch {
    // A cache that cannot be written only costs the next call a parse.
  }
}

/**
 * `parse(YAML, text)` turns the text into a plain JSON value (it throws on what the product refuses);
 * `kind` names the parse, so two parses of one text (a document's toJS, a plain parse) never share.
 */
function parsedYaml(kind, text, parse) {
  const file = cacheFile(kind, text);
  const cached = readCached(file);
  if (cached !== undefined) return cached;
  const value = parse(yaml(), text);
  writeCached(file, value === undefined ? null : value);
  return value;
}

module.exports = { parsedYaml, yaml };
