#!/usr/bin/env node
// Launcher for the `mountbench` command. In a source checkout it runs the TypeScript CLI directly
// through tsx, so `npx mountbench` works right after `npm install` with no build step; in an
// installed or built copy it runs the compiled CLI.
'use strict';

const { existsSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const sourceEntry = join(root, 'src', 'cli', 'index.ts');
const builtEntry = join(root, 'out', 'cli', 'index.js');

function fail(message) {
  process.stderr.write(`mountbench: ${message}\n`);
  process.exit(1);
}

if (existsSync(sourceEntry)) {
  try {
    require.resolve('tsx/cjs');
  } catch {
    fail('this is a source checkout but tsx is not installed; run `npm install` in ' + root);
  }
  require('tsx/cjs');
  require(sourceEntry);
} else if (existsSync(builtEntry)) {
  require(builtEntry);
} else {
  fail(`neither ${sourceEntry} nor ${builtEntry} exists; run \`npm run build\` first`);
}
