// `mountbench export RUN_ID_OR_FILE --format json|hyperfine|csv|markdown [--out FILE]`.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { MountbenchError } from '../../shared/errors';
import type { RunFile } from '../../shared/result-schema';
import { EXPORT_FORMATS, exportRun, type ExportFormat } from '../../core/exports';
import { loadRunFile, writeFileAtomic } from '../../core/store';
import { defaultResultsIo, type ResultsCommandIo } from './results';

const RUN_ID = /^[A-Za-z0-9-]{1,100}$/;

async function isFile(candidate: string): Promise<boolean> {
  try {
    await fs.stat(candidate);
    return true;
  } catch {
    return false;
  }
}

/** A path to a run file, or the id of a run in the results folder (a path wins when both exist). */
export async function loadRunArgument(arg: string, folder: string): Promise<RunFile> {
  if (await isFile(arg)) return loadRunFile(arg);
  if (RUN_ID.test(arg)) {
    const stored = path.join(folder, `${arg}.json`);
    if (await isFile(stored)) return loadRunFile(stored);
  }
  throw new MountbenchError(
    'BAD_INPUT',
    `"${arg}" is neither a file nor the id of a stored run (\`mountbench results\` lists them)`,
  );
}

export function parseExportFormat(value: string): ExportFormat {
  if (!(EXPORT_FORMATS as readonly string[]).includes(value)) {
    throw new MountbenchError('BAD_INPUT', `unknown format "${value}"; valid: ${EXPORT_FORMATS.join(', ')}`);
  }
  return value as ExportFormat;
}

export function registerExportCommand(program: Command, io: ResultsCommandIo = defaultResultsIo): void {
  program
    .command('export')
    .description('write a run as our JSON, hyperfine JSON, CSV or a Markdown table')
    .argument('<run>', 'a run id from `mountbench results`, or a run file')
    .option('--format <format>', `one of ${EXPORT_FORMATS.join(', ')}`, 'json')
    .option('--out <file>', 'write to this file instead of the terminal')
    .action(async (arg: string, flags: { format: string; out?: string }) => {
      const format = parseExportFormat(flags.format);
      const run = await loadRunArgument(arg, io.resultsDir());
      const text = exportRun(run, format);
      if (flags.out) {
        await writeFileAtomic(flags.out, text);
        io.err(`wrote ${flags.out}\n`);
      } else {
        io.out(text);
      }
    });
}
