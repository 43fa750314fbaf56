// Reading a hyperfine `--export-json` file: untrusted input like any file from elsewhere. The shape
// follows hyperfine's own source (src/export/json.rs writes `{ "results": [BenchmarkResult] }`;
// src/benchmark/benchmark_result.rs holds the fields), checked in docs/cli.md. Anything that is not
// that shape, or that could not have come out of a successful hyperfine run, is refused with the
// reason; nothing else about the file is trusted.
import { z } from 'zod';
import { MountbenchError } from '../../shared/errors';
import { RESULT_SCHEMA_ID } from '../../shared/result-schema';
import { mean } from '../stats/descriptive';
import { describeIssues } from '../../shared/describe-issue';
import { parseUntrustedJson } from '../../shared/json-limits';
import { jsonErrorText } from '../../shared/json-error-text';

const seconds = z.number().finite().nonnegative();

/** One `BenchmarkResult`: the fields hyperfine 1.13 to 1.20 write; unknown extra fields are ignored. */
const benchmarkResultSchema = z.object({
  command: z.string().max(10_000),
  mean: seconds,
  /** Null with a single run (Option<Second> in hyperfine). */
  stddev: seconds.nullable().optional(),
  median: seconds.optional(),
  /** Always numbers from hyperfine; null in Mountbench's own hyperfine-shaped export where unknown. */
  user: seconds.nullable().optional(),
  system: seconds.nullable().optional(),
  min: seconds,
  max: seconds,
  /** Option<Vec<Second>> in hyperfine, so checked apart: Mountbench keeps every sample. */
  times: z.array(seconds).max(100_000).optional(),
  /** Vec<Option<i32>>: null when the command was killed by a signal. Absent before hyperfine 1.13. */
  exit_codes: z.array(z.number().int().nullable()).max(100_000).optional(),
  memory_usage_byte: z.array(z.number().nonnegative()).max(100_000).optional(),
  /** From --parameter-scan / --parameter-list; hyperfine leaves it out when empty. */
  parameters: z.record(z.string().max(100), z.string().max(1000)).optional(),
});
export type HyperfineBenchmarkResult = z.infer<typeof benchmarkResultSchema> & { times: number[] };

const exportSchema = z.object({ results: z.array(benchmarkResultSchema).min(1).max(1000) });

function refused(source: string, reason: string, cause?: unknown): MountbenchError {
  return new MountbenchError('FILE_INVALID', `${source} is not a hyperfine JSON export: ${reason}`, {
    cause,
  });
}

function close(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 + 1e-6 * Math.max(Math.abs(a), Math.abs(b));
}

/** Why a result cannot stand as a measurement, or null when it can. */
function resultProblem(r: z.infer<typeof benchmarkResultSchema>, at: string): string | null {
  if (!r.times || r.times.length === 0) {
    return `${at} has no "times" (hyperfine writes every run's time; Mountbench keeps every sample)`;
  }
  if (r.exit_codes && r.exit_codes.length !== r.times.length) {
    return `${at} has ${r.times.length} times but ${r.exit_codes.length} exit codes`;
  }
  const failed = r.exit_codes?.findIndex((code) => code !== 0) ?? -1;
  if (failed >= 0) {
    const code = r.exit_codes![failed];
    return (
      `${at}: run ${failed + 1} of "${r.command}" ${code === null ? 'was killed by a signal' : `exited with ${code}`} ` +
      '(hyperfine -i went on); the time of a failed run is not a measurement'
    );
  }
  if (!close(r.mean, mean(r.times))) {
    return `${at}.mean is ${r.mean} s but its times average ${mean(r.times)} s; the file was edited or is damaged`;
  }
  const min = Math.min(...r.times);
  const max = Math.max(...r.times);
  if (!close(r.min, min) || !close(r.max, max)) {
    return `${at}.min/max (${r.min}…${r.max}) are not the smallest and largest of its times (${min}…${max})`;
  }
  return null;
}

/** Bounded in depth, objects and keys, forbidden keys refused (json-limits.ts), as every untrusted reader. */
function parseJson(text: string, source: string): unknown {
  if (text.trim() === '') throw refused(source, 'the file is empty');
  let parsed: ReturnType<typeof parseUntrustedJson>;
  try {
    parsed = parseUntrustedJson(text);
  } catch (err) {
    throw refused(source, `it is not JSON (${jsonErrorText(err, text)})`, err);
  }
  if ('refused' in parsed) throw refused(source, parsed.refused);
  return parsed.value;
}

/** The benchmark results of a hyperfine export, each with its times, or a FILE_INVALID error saying why not. */
export function parseHyperfineExport(text: string, source: string): HyperfineBenchmarkResult[] {
  const raw = parseJson(text, source);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw refused(source, 'expected a JSON object with a "results" list at the top level');
  }
  if ((raw as { schema?: unknown }).schema === RESULT_SCHEMA_ID) {
    throw refused(source, 'it is a Mountbench result file; import it without --hyperfine');
  }
  if (!('results' in raw)) {
    throw refused(source, 'it has no "results" list (hyperfine --export-json writes { "results": [...] })');
  }
  const parsed = exportSchema.safeParse(raw);
  if (!parsed.success) throw refused(source, describeIssues(parsed.error.issues));
  parsed.data.results.forEach((result, i) => {
    const problem = resultProblem(result, `results[${i}]`);
    if (problem) throw refused(source, problem);
  });
  return parsed.data.results as HyperfineBenchmarkResult[];
}
