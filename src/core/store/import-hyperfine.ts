// A hyperfine JSON export, stored as a Mountbench run marked "imported from hyperfine", so a user's
// own measurements sit beside new runs and the published figures. hyperfine records the command and
// its times but not which backend, workload, size or machine they were: the caller supplies those
// (the CLI's flags, the dashboard's form). The run then goes through the same checks and the same
// never-overwrite store as any imported run file.
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { MountKind, ProviderId, SizeName, WorkloadId } from '../../shared/ids';
import { MountbenchError } from '../../shared/errors';
import { SAMPLE_METHODS } from '../../shared/run-plan';
import type { MachineInfo, RunFile, WorkloadResult } from '../../shared/result-schema';
import { appStamp } from '../app-version';
import { summarize } from '../stats/summarize';
import { importRun, type ImportOutcome } from './import-run';
import { parseHyperfineExport, type HyperfineBenchmarkResult } from './parse-hyperfine-export';
import { linkRefused, MAX_RUN_FILE_BYTES } from './result-store';
import { NotReadableFile, readRegularFile } from '../fs/read-regular-file';

export interface HyperfineImportOptions {
  /** What the user calls the setup it ran on, e.g. "Docker Desktop VirtioFS bind". */
  backendLabel: string;
  workload: WorkloadId;
  size: SizeName;
  mount: MountKind;
  provider: ProviderId | null;
  variant: string | null;
  /** Which of several benchmarks in the file (1-based); required when there are several. */
  result?: number;
  /** hyperfine ran warm-up runs first (its --warmup) unless told it did not. */
  cache: 'warm' | 'cold';
  fsType: string | null;
  machine: MachineInfo;
}

/** hyperfine times each command with Rust's `Instant`, a monotonic clock read in nanoseconds. */
const HYPERFINE_CLOCK = { source: 'hyperfine', resolutionSeconds: 1e-9, overheadSeconds: 0 };

const IMPORT_NOTE =
  'Imported from hyperfine: the backend, workload, size, fs type and machine come from the import, ' +
  'not from the file; the times are hyperfine’s (less its shell start-up unless it ran with -N).';

function pick(results: HyperfineBenchmarkResult[], wanted: number | undefined, source: string) {
  if (wanted === undefined && results.length === 1) return results[0];
  if (wanted !== undefined && Number.isInteger(wanted) && wanted >= 1 && wanted <= results.length) {
    return results[wanted - 1];
  }
  const list = results.map((r, i) => `${i + 1}: ${r.command.slice(0, 80)}`).join('; ');
  throw new MountbenchError(
    'BAD_INPUT',
    wanted === undefined
      ? `${source} holds ${results.length} benchmarks; choose one with --result N (${list})`
      : `--result ${wanted}: ${source} holds benchmarks 1 to ${results.length} (${list})`,
  );
}

/** Letters, digits and "-" only: the label becomes part of the backend id. */
function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'imported'
  );
}

/**
 * How each sample was taken, when the file says so: Mountbench's own hyperfine export writes it in
 * `parameters` (exports/hyperfine-json.ts). A value that is not one Mountbench writes is left out
 * (it stays in `params` as the file gave it), never guessed; hyperfine's own files have neither.
 */
function sampleShape(
  parameters: Record<string, string>,
): Pick<WorkloadResult, 'executionsPerSample' | 'sampleMethod'> {
  const out: Pick<WorkloadResult, 'executionsPerSample' | 'sampleMethod'> = {};
  const executions = parameters.executions_per_sample;
  if (executions !== undefined && /^[1-9][0-9]{0,5}$/.test(executions) && Number(executions) <= 100_000)
    out.executionsPerSample = Number(executions);
  const method = SAMPLE_METHODS.find((m) => m === parameters.sample_method);
  if (method) out.sampleMethod = method;
  return out;
}

function workloadResult(r: HyperfineBenchmarkResult, options: HyperfineImportOptions): WorkloadResult {
  const stats = summarize(r.times);
  // hyperfine gives the mean user and system time per run; keep them as the mean they are.
  if (typeof r.user === 'number' && typeof r.system === 'number')
    Object.assign(stats, { user: r.user, system: r.system });
  const params: Record<string, string> = { command: r.command.slice(0, 1000) };
  for (const [key, value] of Object.entries(r.parameters ?? {}))
    params[`parameter.${key}`.slice(0, 100)] = value;
  const label = options.backendLabel.trim();
  return {
    ...sampleShape(r.parameters ?? {}),
    backend: {
      id: `${options.provider ?? 'hyperfine'}/${options.variant ?? slug(label)}/${options.mount}`,
      provider: options.provider,
      variant: options.variant,
      mount: options.mount,
      label,
    },
    workload: { id: options.workload, size: options.size, params },
    fsType: options.fsType ?? 'unknown',
    clock: HYPERFINE_CLOCK,
    cache: options.cache,
    // The export does not say how many warm-up runs hyperfine made.
    warmupRuns: 0,
    stats,
    derived: {},
    warnings: [IMPORT_NOTE],
  };
}

/**
 * The run a hyperfine export becomes. Its id is a digest of the file and the options, so importing
 * the same file the same way again finds the stored run instead of making a second one.
 */
export function runFromHyperfine(
  text: string,
  source: string,
  options: HyperfineImportOptions,
  fileTime: Date,
): RunFile {
  if (!options.backendLabel.trim()) {
    throw new MountbenchError(
      'BAD_INPUT',
      'say which backend the hyperfine times were taken on (--backend LABEL)',
    );
  }
  const result = pick(parseHyperfineExport(text, source), options.result, source);
  const digest = createHash('sha256').update(text).update(JSON.stringify(options)).digest('hex');
  // hyperfine records no date; the file's modification time is the best evidence of when it ran.
  const when = Number.isNaN(fileTime.getTime()) ? new Date() : fileTime;
  return {
    schema: 'mountbench-run',
    version: 1,
    id: `hyperfine-${digest.slice(0, 16)}`,
    createdAt: when.toISOString(),
    finishedAt: when.toISOString(),
    status: 'completed',
    app: appStamp(),
    origin: { tool: 'hyperfine', file: path.basename(source).slice(0, 300) },
    machine: options.machine,
    engine: null,
    image: null,
    results: [workloadResult(result, options)],
    errors: [],
  };
}

async function readExport(file: string): Promise<{ text: string; mtime: Date }> {
  try {
    // Not followed if a link, never blocking on a FIFO, bounded while read (read-regular-file.ts).
    const info = await fs.lstat(file);
    if (info.isSymbolicLink()) throw linkRefused(file);
    const bytes = await readRegularFile(file, { maxBytes: MAX_RUN_FILE_BYTES, noFollow: true });
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), mtime: info.mtime };
  } catch (err) {
    if (err instanceof NotReadableFile && err.size !== undefined)
      throw new MountbenchError(
        'FILE_INVALID',
        `${file} is ${err.size} bytes; hyperfine exports that large are refused`,
      );
    if (err instanceof MountbenchError) throw err;
    if ((err as NodeJS.ErrnoException).code === 'ELOOP') throw linkRefused(file);
    if (err instanceof TypeError)
      throw new MountbenchError('FILE_INVALID', `${file} is not UTF-8 text`, { cause: err });
    throw new MountbenchError('IO', `Cannot read ${file}: ${(err as Error).message}`, { cause: err });
  }
}

export async function importHyperfineFile(
  file: string,
  options: HyperfineImportOptions,
  resultsDir: string,
): Promise<ImportOutcome> {
  const { text, mtime } = await readExport(file);
  return importRun(runFromHyperfine(text, file, options, mtime), file, resultsDir);
}

/** The same for a file's text, as the dashboard sends it with the file's own modification time. */
export async function importHyperfineText(
  text: string,
  file: { name: string; lastModified: number },
  options: HyperfineImportOptions,
  resultsDir: string,
): Promise<ImportOutcome> {
  return importRun(
    runFromHyperfine(text, file.name, options, new Date(file.lastModified)),
    file.name,
    resultsDir,
  );
}
