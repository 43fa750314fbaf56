// `mountbench cleanup`: remove what crashed runs left behind (a normal run cleans up after itself).
import type { Command } from 'commander';
import { resolveEngine } from '../../core/engines';
import { removeLeftovers, type LeftoverReport } from '../../core/runner/leftovers';
import { cacheDir } from '../../core/store';
import { leftoverLines } from '../../core/app/start-up';

/** Writes what was removed and what could not be (core/app/start-up.ts words it). */
export function reportLeftovers(report: LeftoverReport, out: NodeJS.WritableStream = process.stderr): void {
  for (const line of leftoverLines(report)) out.write(`${line}\n`);
}

export function registerCleanupCommand(program: Command): void {
  program
    .command('cleanup')
    .description('remove containers, volumes, mounts and fixtures left by runs that crashed')
    .option('--engine <name>', 'engine to clean (default: the current one)')
    .action(async (flags: { engine?: string }) => {
      const { docker } = await resolveEngine(flags.engine);
      const report = await removeLeftovers(docker, cacheDir());
      reportLeftovers(report, process.stdout);
      if (
        !report.containers.length &&
        !report.volumes.length &&
        !report.folders.length &&
        !report.syncs.length &&
        !report.problems.length
      ) {
        process.stdout.write('nothing to clean up\n');
      }
      if (report.problems.length) process.exitCode = 1;
    });
}
