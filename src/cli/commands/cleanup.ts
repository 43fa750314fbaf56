// `mountbench cleanup`: remove what crashed runs left behind (a normal run cleans up after itself).
import type { Command } from 'commander';
import { resolveEngine } from '../../core/engines';
import { removeLeftovers, type LeftoverReport } from '../../core/runner/leftovers';
import { cacheDir } from '../../core/store';

export function reportLeftovers(report: LeftoverReport, out: NodeJS.WritableStream = process.stderr): void {
  const removed = [
    ...report.containers.map((c) => `container ${c}`),
    ...report.volumes.map((v) => `volume ${v}`),
    ...report.folders.map((f) => `folder ${f}`),
    ...report.syncs,
  ];
  if (removed.length) out.write(`removed what an earlier run left behind: ${removed.join(', ')}\n`);
  for (const problem of report.problems) out.write(`could not remove a leftover: ${problem}\n`);
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
