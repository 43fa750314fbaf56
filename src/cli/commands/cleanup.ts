// `mountbench cleanup`: remove what crashed runs left behind (a normal run cleans up after itself).
import type { Command } from 'commander';
import { clearLeftovers, leftoverLines, nothingLeft, type LeftoverReport } from '../../core/app/leftovers';
import { cacheDir } from '../../core/store';

/** Writes what was removed and what could not be (core/app/leftovers.ts words it). */
export function reportLeftovers(report: LeftoverReport, out: NodeJS.WritableStream = process.stderr): void {
  for (const line of leftoverLines(report)) out.write(`${line}\n`);
}

export function registerCleanupCommand(program: Command): void {
  program
    .command('cleanup')
    .description('remove containers, volumes, mounts and fixtures left by runs that crashed')
    .option('--engine <name>', 'engine to clean (default: the current one)')
    .action(async (flags: { engine?: string }) => {
      const report = await clearLeftovers({
        cacheDir: cacheDir(),
        ...(flags.engine !== undefined ? { engine: flags.engine } : {}),
        engineNeeded: 'required',
      });
      reportLeftovers(report, process.stdout);
      if (nothingLeft(report)) process.stdout.write('nothing to clean up\n');
      if (report.problems.length) process.exitCode = 1;
    });
}
