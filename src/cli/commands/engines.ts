// `mountbench engines [--json]`: every Docker engine on this machine, who owns it and whether it answers.
import type { Command } from 'commander';
import type { DiscoveredEngine } from '../../shared/engine';
import { formatBytes } from '../../shared/size-format';
import {
  DEFAULT_PROBE_TIMEOUT_MS,
  discoverEngineReport,
  type DiscoveryOptions,
  type DiscoveryReport,
} from '../../core/engines';
import { parseSeconds } from '../parse-options';

/** What the command touches outside itself, so tests can aim discovery at a temp home and read the output. */
export interface EnginesCommandIo {
  discover(options: DiscoveryOptions): Promise<DiscoveryReport>;
  out(text: string): void;
  err(text: string): void;
}

const defaultIo: EnginesCommandIo = {
  discover: discoverEngineReport,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

export function registerEnginesCommand(program: Command, io: EnginesCommandIo = defaultIo): void {
  program
    .command('engines')
    .description(
      'List the Docker engines on this machine: endpoint, provider, whether each answers, and what it runs',
    )
    .option('--json', 'print the engines as JSON')
    .option(
      '--timeout <seconds>',
      'how long each engine may take to answer',
      String(DEFAULT_PROBE_TIMEOUT_MS / 1000),
    )
    .action(async (options: { json?: boolean; timeout: string }) => {
      // An engine that needs more than ten minutes to say hello is not one to measure.
      const seconds = parseSeconds('--timeout', options.timeout, { min: 0.1, max: 600 });
      const controller = new AbortController();
      const onSigint = (): void => controller.abort();
      process.once('SIGINT', onSigint);
      try {
        const report = await io.discover({ timeoutMs: seconds * 1000, signal: controller.signal });
        for (const problem of report.problems) io.err(`warning: ${problem}\n`);
        io.out(
          options.json ? `${JSON.stringify(report.engines, null, 2)}\n` : formatEnginesTable(report.engines),
        );
      } finally {
        process.removeListener('SIGINT', onSigint);
      }
    });
}

const HEADERS = ['NAME', 'PROVIDER', 'ENDPOINT', 'VERSION', 'OS', 'ARCH', 'CPUS', 'MEMORY', 'STATUS'];

export function formatEnginesTable(engines: DiscoveredEngine[]): string {
  if (engines.length === 0) return 'No Docker engine found.\n';
  const rows = engines.map((engine) => [
    engine.current ? `${engine.name} *` : engine.name,
    engine.provider,
    engine.endpoint || '-',
    engine.serverVersion ? `${engine.serverVersion} (API ${engine.apiVersion ?? '?'})` : '-',
    engine.os ?? '-',
    engine.osType && engine.arch ? `${engine.osType}/${engine.arch}` : (engine.arch ?? '-'),
    engine.cpus !== undefined ? String(engine.cpus) : '-',
    engine.memoryBytes !== undefined ? formatBytes(engine.memoryBytes) : '-',
    engine.reachable ? 'reachable' : `unreachable: ${engine.error ?? 'no reason given'}`,
  ]);
  const widths = HEADERS.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  // The last column holds long error sentences; padding it would only add trailing blanks.
  const line = (cells: string[]): string =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
      .join('  ');
  const current = engines.some((engine) => engine.current) ? '\n* the engine the docker CLI uses now\n' : '';
  return `${[HEADERS, ...rows].map(line).join('\n')}\n${current}`;
}
