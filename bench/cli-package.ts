// The `mountbench` npm package's weight: the tarball, what `npm install --omit=dev` of it puts on
// disk, and how long that install takes, with npm's usual cache (warm) or an empty one (everything
// downloaded from the registry). Needs `npm run build` first (the dashboard goes in the package).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchHeader } from './lib/bench-header';
import { countOption, runBench } from './lib/bench-main';

const ROOT = join(__dirname, '..');

const usage = `Usage: npx tsx bench/cli-package.ts [--rounds N] [--cold-cache]

Packs the CLI package (scripts/pack-cli.mjs), installs it with npm install --omit=dev into an empty
temp folder N times and prints the tarball size, the installed size and each install's time.

  --rounds <n>   installs to time (default 3)
  --cold-cache   give every install an empty npm cache, so it downloads everything`;

function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(0)} KiB`;
}

/** Apparent size of a folder, as `du -sb` counts it. */
function folderBytes(dir: string): number {
  return Number(execFileSync('du', ['-sb', dir], { encoding: 'utf8' }).split('\t')[0]);
}

runBench<{ rounds?: string; 'cold-cache'?: boolean }>({
  usage,
  options: { rounds: { type: 'string' }, 'cold-cache': { type: 'boolean' } },
  async main(values, signal) {
    const rounds = countOption('--rounds', values.rounds, 3, { min: 1, max: 20 });
    const work = mkdtempSync(join(tmpdir(), 'mountbench-bench-package-'));
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
    try {
      process.stdout.write(`${await benchHeader('mountbench npm package', null)}\n`);
      process.stdout.write(`npm      ${execFileSync('npm', ['--version'], { encoding: 'utf8' }).trim()}\n\n`);
      const tarball = execFileSync(process.execPath, [join(ROOT, 'scripts', 'pack-cli.mjs'), '--out', work], {
        encoding: 'utf8',
        env,
      }).trim();
      process.stdout.write(
        `tarball          ${kib(statSync(tarball).size)}  (${tarball.split('/').pop()})\n`,
      );
      for (let round = 1; round <= rounds && !signal.aborted; round += 1) {
        const prefix = join(work, `install-${round}`);
        mkdirSync(prefix);
        writeFileSync(join(prefix, 'package.json'), '{ "private": true }\n');
        const cache = values['cold-cache'] ? ['--cache', join(work, `cache-${round}`)] : [];
        const began = performance.now();
        execFileSync(
          'npm',
          ['install', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error', ...cache, tarball],
          {
            cwd: prefix,
            env,
            stdio: 'ignore',
          },
        );
        const seconds = (performance.now() - began) / 1000;
        const modules = join(prefix, 'node_modules');
        const packages =
          execFileSync('npm', ['ls', '--all', '--parseable'], { cwd: prefix, env, encoding: 'utf8' })
            .trim()
            .split('\n').length - 1;
        process.stdout.write(
          `install ${round}        ${seconds.toFixed(1)} s  (${values['cold-cache'] ? 'empty' : 'usual'} npm cache)  ` +
            `installed ${kib(folderBytes(modules))} in ${packages} packages (mountbench itself ${kib(folderBytes(join(modules, 'mountbench')))})\n`,
        );
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  },
});
