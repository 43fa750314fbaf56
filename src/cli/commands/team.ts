// `mountbench team pull <repo> [--branch <b>] [--json]`: the team's dataset fetched into a clone in
// Mountbench's cache (or read in place, for a plain folder), every file checked as an import is.
// Prints the runs and machines found and every refused file with its reason; a refused file does
// not fail the command (the rest is the answer), an unreachable dataset does.
import type { Command } from 'commander';
import { cacheDir, dataDir } from '../../core/store';
import { pull, type PullOutcome, DEFAULT_BRANCH, productVersionKey, runProduct } from '../../core/team';
import { printable, printableJson } from '../../shared/printable';
import { defaultResultsIo, type ResultsCommandIo } from './results';

export function pullText(outcome: PullOutcome): string {
  const where = outcome.branch ? `${outcome.dataset}, branch ${outcome.branch}` : outcome.dataset;
  const lines = [
    `${outcome.runs.length} run(s) from ${outcome.machines.length} machine(s) in ${where}` +
      (outcome.commit ? ` at ${outcome.commit.slice(0, 12)}` : ''),
    `read from ${outcome.folder}`,
  ];
  for (const machine of outcome.machines) {
    const runs = outcome.runs.filter((r) => r.machineId === machine);
    const chip = runs[0].run.machine.chip;
    const label = runs[0].run.machine.label;
    // "docker-desktop 4.37.1" is the product's own release; "docker-desktop engine 27.4.0" where a
    // run recorded only the engine's version: the versions the Team page compares.
    const products = [
      ...new Set(
        runs.flatMap(({ run }) => {
          const p = runProduct(run);
          return p.provider ? [productVersionKey(p.provider, p.version, p.versionSource)] : [];
        }),
      ),
    ].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    lines.push(
      `  ${machine}  ${runs.length} run(s)  ${chip}${label ? `  "${label}"` : ''}` +
        (products.length ? `  ${products.join(', ')}` : ''),
    );
  }
  if (outcome.refused.length) {
    lines.push(`refused ${outcome.refused.length} file(s):`);
    for (const r of outcome.refused) lines.push(`  ${r.file}: ${r.reason}`);
  }
  // Chips, labels, file names and reasons come from other people's files.
  return `${lines.map((line) => printable(line)).join('\n')}\n`;
}

export function pullJson(outcome: PullOutcome): string {
  return `${printableJson(
    JSON.stringify(
      {
        dataset: outcome.dataset,
        branch: outcome.branch,
        commit: outcome.commit,
        folder: outcome.folder,
        machines: outcome.machines,
        runs: outcome.runs.map((r) => ({
          machineId: r.machineId,
          file: r.file,
          id: r.run.id,
          createdAt: r.run.createdAt,
          chip: r.run.machine.chip,
          provider: r.run.engine?.provider ?? null,
          // The product's own release (null in runs that did not record it), the engine's version,
          // and which of the two the Team page compares releases by.
          productVersion: r.run.engine?.productVersion ?? null,
          engineVersion: r.run.engine?.serverVersion ?? null,
          versionSource: runProduct(r.run).versionSource,
          results: r.run.results.length,
        })),
        refused: outcome.refused,
      },
      null,
      2,
    ),
  )}\n`;
}

export function registerTeamCommand(program: Command, io: ResultsCommandIo = defaultResultsIo): void {
  const team = program.command('team').description("Read the team's dataset of published runs");
  team
    .command('pull <repo>')
    .description(
      'fetch the dataset (a git URL, a local git repository or a folder) and check every file in it',
    )
    .option('--branch <branch>', `the dataset's branch in a git repository (default ${DEFAULT_BRANCH})`)
    .option('--json', 'print as JSON')
    .action(async (repo: string, flags: { branch?: string; json?: boolean }) => {
      const outcome = await pull({
        from: repo,
        branch: flags.branch,
        cacheDirectory: cacheDir(),
        // The Team page's view of what was pulled, saved so the page opens without reading it again.
        viewCache: { dataDir: dataDir(), cacheDir: cacheDir() },
      });
      io.out(flags.json ? pullJson(outcome) : pullText(outcome));
    });
}
