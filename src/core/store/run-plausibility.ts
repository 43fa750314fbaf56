// What the schema cannot say: that the numbers in a run file describe a measurement that could have
// happened. A file from elsewhere can be well-formed and still absurd (a 1e308-second sample, a
// mean outside its own samples); importing it would put nonsense on every chart and ranking.
import { MountbenchError } from '../../shared/errors';
import type { RunFile, WorkloadResult } from '../../shared/result-schema';
import { mean, sampleStandardDeviation } from '../stats/descriptive';

/** No file-sharing workload takes a day per sample; anything longer is corrupt or forged. */
export const MAX_PLAUSIBLE_SECONDS = 24 * 60 * 60;
/** 1 PiB: more memory than any machine that runs Docker Desktop. */
const MAX_PLAUSIBLE_BYTES = 2 ** 50;
const MAX_DERIVED = 1e15;
const MAX_OPS_PER_SAMPLE = 1e12;

function close(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 + 1e-6 * Math.max(Math.abs(a), Math.abs(b));
}

function resultProblem(r: WorkloadResult, at: string): string | null {
  const s = r.stats;
  const times: [string, number | null | undefined][] = [
    ['stats.mean', s.mean],
    ['stats.stddev', s.stddev],
    ['stats.median', s.median],
    ['stats.min', s.min],
    ['stats.max', s.max],
    ['stats.user', s.user],
    ['stats.system', s.system],
    ['firstRun.seconds', r.firstRun?.seconds],
    ['clock.overheadSeconds', r.clock.overheadSeconds],
    ['clock.resolutionSeconds', r.clock.resolutionSeconds],
  ];
  const tooLong = (name: string, value: number) =>
    `${at}.${name} is ${value} s; no sample takes longer than a day (${MAX_PLAUSIBLE_SECONDS} s)`;
  for (const [name, value] of times) {
    if (value !== null && value !== undefined && value > MAX_PLAUSIBLE_SECONDS) return tooLong(name, value);
  }
  // Samples by index, a sample's name made only for the one refused: a name per sample was most of
  // this check's time on a team dataset.
  const longSample = s.samples.findIndex((x) => x > MAX_PLAUSIBLE_SECONDS);
  if (longSample !== -1) return tooLong(`stats.samples[${longSample}]`, s.samples[longSample]);
  if (s.runs !== s.samples.length) {
    return `${at}.stats.runs is ${s.runs} but there are ${s.samples.length} samples`;
  }
  const min = s.samples.reduce((a, b) => Math.min(a, b));
  const max = s.samples.reduce((a, b) => Math.max(a, b));
  if (!close(s.min, min) || !close(s.max, max)) {
    return `${at}.stats.min/max (${s.min}…${s.max}) are not the smallest and largest samples (${min}…${max})`;
  }
  if (!close(s.mean, mean(s.samples))) {
    return `${at}.stats.mean is ${s.mean} but its samples average ${mean(s.samples)}`;
  }
  if (s.median < min || s.median > max) return `${at}.stats.median ${s.median} lies outside its samples`;
  const sd = sampleStandardDeviation(s.samples);
  if ((sd === null) !== (s.stddev === null) || (sd !== null && s.stddev !== null && !close(s.stddev, sd))) {
    return `${at}.stats.stddev is ${s.stddev} but its samples give ${sd}`;
  }
  const badOutlier = s.outliers.find((i) => i >= s.samples.length);
  if (badOutlier !== undefined)
    return `${at}.stats.outliers names sample ${badOutlier}, which does not exist`;
  if ((r.opsPerSample ?? 1) > MAX_OPS_PER_SAMPLE) return `${at}.opsPerSample ${r.opsPerSample} is absurd`;
  for (const [key, value] of Object.entries(r.derived)) {
    if (Math.abs(value) > MAX_DERIVED) return `${at}.derived.${key} is ${value}, which is absurd`;
  }
  return null;
}

function runProblem(run: RunFile): string | null {
  if (Date.parse(run.finishedAt) < Date.parse(run.createdAt)) {
    return `finishedAt (${run.finishedAt}) is before createdAt (${run.createdAt})`;
  }
  if (run.machine.memoryBytes > MAX_PLAUSIBLE_BYTES)
    return `machine.memoryBytes ${run.machine.memoryBytes} is absurd`;
  if (run.engine && run.engine.memoryBytes > MAX_PLAUSIBLE_BYTES) {
    return `engine.memoryBytes ${run.engine.memoryBytes} is absurd`;
  }
  for (let i = 0; i < run.results.length; i += 1) {
    const problem = resultProblem(run.results[i], `results[${i}]`);
    if (problem) return problem;
  }
  return null;
}

/** Throws FILE_INVALID naming the first implausible value. */
export function checkRunPlausible(run: RunFile, source: string): void {
  const problem = runProblem(run);
  if (problem) {
    throw new MountbenchError('FILE_INVALID', `${source} holds numbers no real run produces: ${problem}`);
  }
}
