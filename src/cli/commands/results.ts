// `mountbench results [--json]`: the runs stored in the data folder, and the files there that are
// not readable runs (listed, never deleted: the user decides).
import type { Command } from 'commander';
import type { RunFile } from '../../shared/result-schema';
import { machineLabel } from '../../core/compare';
import { dataDir, listRuns, resultsDir, type RunListing } from '../../core/store';

/** What the result commands touch outside themselves, so unit tests can aim them at a temp folder. */
export interface ResultsCommandIo {
  resultsDir(): string;
  out(text: string): void;
  err(text: string): void;
}

export const defaultResultsIo: ResultsCommandIo = {
  resultsDir: () => resultsDir(dataDir()),
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

export interface RunSummary {
  id: string;
  createdAt: string;
  status: RunFile['status'];
  machine: string;
  engine: string | null;
  results: number;
  errors: number;
  workloads: string[];
  backends: string[];
}

export function summarizeRun(run: RunFile): RunSummary {
  return {
    id: run.id,
    createdAt: run.createdAt,
    status: run.status,
    machine: machineLabel(run.machine),
    engine: run.engine ? `${run.engine.name} (${run.engine.provider})` : null,
    results: run.results.length,
    errors: run.errors.length,
    workloads: [...new Set(run.results.map((r) => r.workload.id))],
    backends: [...new Set(run.results.map((r) => r.backend.id))],
  };
}

const HEADERS = ['id', 'created', 'status', 'results', 'machine', 'engine', 'backends'];

export function formatRunList(listing: RunListing, folder: string): string {
  if (listing.runs.length === 0) return `No stored runs in ${folder}.\n`;
  const rows = listing.runs
    .map(summarizeRun)
    .map((s) => [
      s.id,
      s.createdAt.replace('T', ' ').replace(/\.\d+Z$/, 'Z'),
      s.errors ? `${s.status}, ${s.errors} error(s)` : s.status,
      String(s.results),
      s.machine,
      s.engine ?? '-',
      s.backends.join(', '),
    ]);
  const table = [HEADERS, ...rows];
  const widths = HEADERS.map((_, col) => Math.max(...table.map((r) => [...r[col]].length)));
  const line = (r: string[]) =>
    r
      .map((c, col) => c + ' '.repeat(widths[col] - [...c].length))
      .join('  ')
      .trimEnd();
  return `${table.map(line).join('\n')}\n`;
}

export function registerResultsCommand(program: Command, io: ResultsCommandIo = defaultResultsIo): void {
  program
    .command('results')
    .description('list the runs stored in the data folder, and any file there that is not a readable run')
    .option('--json', 'print the list as JSON')
    .action(async (flags: { json?: boolean }) => {
      const folder = io.resultsDir();
      const listing = await listRuns(folder);
      if (flags.json) {
        const json = { folder, runs: listing.runs.map(summarizeRun), problems: listing.problems };
        io.out(`${JSON.stringify(json, null, 2)}\n`);
      } else {
        io.out(formatRunList(listing, folder));
      }
      for (const p of listing.problems) io.err(`problem: ${p.message}\n`);
    });
}
