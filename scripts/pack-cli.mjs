#!/usr/bin/env node
// Makes the `mountbench` npm package: dist/mountbench-<version>.tgz (docs/cli.md).
//
// The tarball is packed from a staging folder with a manifest written for it, not from the
// checkout's package.json, because npm always ships the file `main` names (out/main, the Electron
// main process) and the checkout's manifest also carries the app's devDependencies and scripts.
// The package holds the bundled CLI, the built dashboard `serve` needs, the launcher and the
// README; its dependencies are the checkout's runtime "dependencies" but those the bundle carries
// (cli-bundled-dependencies.mjs), so installing it runs no dependency's install script.
//
// Usage: node scripts/pack-cli.mjs [--out DIR]   (run `npm run build` first; `npm run pack:cli` does both)
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLI_BUNDLED_DEPENDENCIES } from './cli-bundled-dependencies.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outIndex = process.argv.indexOf('--out');
const outDir = resolve(outIndex > 0 ? process.argv[outIndex + 1] : join(root, 'dist'));

const built = ['out/cli/index.js', 'out/renderer/index.html'];
const missing = built.filter((file) => !existsSync(join(root, file)));
if (missing.length) {
  process.stderr.write(`pack-cli: ${missing.join(', ')} missing; run \`npm run build\` first\n`);
  process.exit(1);
}

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const manifest = {
  name: pkg.name,
  version: pkg.version,
  description: pkg.description,
  license: pkg.license,
  // Kept: `npm pack` works on a private package, `npm publish` refuses it, so nothing reaches the
  // registry by accident. Publishing is a deliberate edit of this line (docs/cli.md).
  private: true,
  bin: { mountbench: 'bin/mountbench.js' },
  engines: pkg.engines,
  dependencies: Object.fromEntries(
    Object.entries(pkg.dependencies).filter(([name]) => !CLI_BUNDLED_DEPENDENCIES.includes(name)),
  ),
};

const stage = join(root, 'out', 'package');
rmSync(stage, { recursive: true, force: true });
for (const path of ['bin/mountbench.js', 'out/cli', 'out/renderer', 'README.md']) {
  mkdirSync(dirname(join(stage, path)), { recursive: true });
  cpSync(join(root, path), join(stage, path), { recursive: true });
}
writeFileSync(join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);

mkdirSync(outDir, { recursive: true });
const name = execFileSync('npm', ['pack', '--pack-destination', outDir, '--silent'], {
  cwd: stage,
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
})
  .trim()
  .split('\n')
  .pop();
process.stdout.write(`${join(outDir, name)}\n`);
