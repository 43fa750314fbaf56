// Starts the CLI bundle with V8's code cache, for the tests' CLI children (mountbench-cli.ts).
// Compiling the 3.9 MB bundle was most of a child's start (166 ms of 0.28 s of CPU, --cpu-prof), and
// the tests start the CLI about a thousand times; a cached compile is checked by V8 against the
// source and its flags, and one it rejects is compiled afresh (and cached again). The cache is the
// checkout's own (node_modules/.cache), never in a shared folder, and never in out/ (the npm
// package is packed from there). Usage:
//   node cli-code-cache.cjs <bundle> [arguments...]
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');
const vm = require('node:vm');

const bundle = path.resolve(process.argv[2]);
const cacheDir = path.join(__dirname, '..', '..', 'node_modules', '.cache', 'mountbench-cli');
const cacheFile = path.join(cacheDir, `${path.basename(bundle)}.v8-cache`);
const source = fs.readFileSync(bundle, 'utf8');

let cachedData;
try {
  // Bounded: a cache far larger than its source is not one V8 wrote for it.
  const stat = fs.statSync(cacheFile);
  if (stat.isFile() && stat.size < 4 * Buffer.byteLength(source)) cachedData = fs.readFileSync(cacheFile);
} catch {
  cachedData = undefined;
}

const script = new vm.Script(Module.wrap(source), {
  filename: bundle,
  cachedData,
  importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
});

if (cachedData === undefined || script.cachedDataRejected) {
  // Written once the CLI has run, so the functions its start compiled are in it; atomically, so a
  // child beside this one reads a whole cache or none.
  process.once('exit', () => {
    try {
      fs.mkdirSync(cacheDir, { recursive: true });
      const temporary = `${cacheFile}.${process.pid}`;
      fs.writeFileSync(temporary, script.createCachedData());
      fs.renameSync(temporary, cacheFile);
    } catch {
      // A cache that cannot be written costs the next child its compile, nothing else.
    }
  });
}

// The bundle sees the argv it would as `node <bundle> ...`, and itself as the main module.
process.argv.splice(1, 1);
const module_ = new Module(bundle, null);
module_.filename = bundle;
module_.paths = Module._nodeModulePaths(path.dirname(bundle));
process.mainModule = module_;
require.main = module_;
script.runInThisContext()(
  module_.exports,
  Module.createRequire(bundle),
  module_,
  bundle,
  path.dirname(bundle),
);
