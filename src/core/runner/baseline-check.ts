// The host baseline's self-check. On a plain Linux engine a native bind mount of a host folder is
// the host's own filesystem, reached without a VM: host and bind mount run the same program on the
// same disk, so they must agree up to what the container itself costs. When they do not, the
// baseline measures something else (another reader, another cache state) and the result says so,
// instead of letting a table print "20× faster than host".
//
// "Agree" is an equivalence question, not "is the ratio exactly 1": the container's own overhead is
// real, small and one-sided. Measured (bench/racing.ts --part aa, 1 Dec 2026, 40 trials), the host
// read the quick small-file-read tree 0.80–1.01 × as long as the native bind mount did (median
// 0.94), so a test of ratio = 1 failed 8 to 16 times in 40 on a correct set-up.
//
// So the check is a two-sided equivalence test against a band of 1 ± BASELINE_TOLERANCE. It agrees
// only when the whole interval lies inside the band, differs only when the whole interval lies
// outside it (a different program, GNU against BusyBox `cat`: 8–20×), and otherwise says the
// samples are too few to tell. An interval that merely touched the band once passed as "agrees"
// with 0.48 … 2.21: a check that cannot fail.
import { release } from 'node:os';
import type { EngineInfo, WorkloadResult } from '../../shared/result-schema';
import { formatRatioInterval } from '../../shared/format-ratio';
import { workloadKey } from '../../shared/comparison';
import { ratioInterval } from '../stats/ratio-interval';
import { runsOnThisKernel } from '../engines/own-kernel';

const NATIVE_BIND = 'docker-engine/native/bind';

/** Host and bind agree when their ratio's whole interval lies within 1 ± 25 % (1/1.25 … 1.25). */
export const BASELINE_TOLERANCE = 0.25;

export type BaselineOutcome = 'agrees' | 'differs' | 'too-wide';

/** Where an interval of host ÷ bind lies against the band 1/(1 + tolerance) … 1 + tolerance. */
export function baselineOutcome(
  interval: { low: number; high: number },
  tolerance = BASELINE_TOLERANCE,
): BaselineOutcome {
  const [bandLow, bandHigh] = [1 / (1 + tolerance), 1 + tolerance];
  if (interval.low >= bandLow && interval.high <= bandHigh) return 'agrees';
  if (interval.low > bandHigh || interval.high < bandLow) return 'differs';
  return 'too-wide';
}

function keyOf(r: WorkloadResult): string {
  return workloadKey(r.workload.id, r.workload.case);
}

/** The results with the check written into each host result it applies to. */
export function checkHostBaseline(
  results: WorkloadResult[],
  engine: EngineInfo | null,
  /** Where the host baseline ran (this process's platform; a parameter for tests). */
  platform: NodeJS.Platform = process.platform,
  /** This machine's kernel release (a parameter for tests). */
  hostKernel: string = release(),
): WorkloadResult[] {
  if (engine?.provider !== 'docker-engine' || engine.osType !== 'linux' || platform !== 'linux')
    return results;
  // A plain engine on another kernel (a Linux VM behind a forwarded socket, a remote machine): its
  // bind mounts reach the host folder through a share, so they are not the host's disk and the
  // self-check would blame the baseline for the share's cost. Found on the VM rig (issue 25).
  if (!runsOnThisKernel(engine, hostKernel)) {
    const warning = remoteEngineWarning(engine);
    return results.map((r) =>
      r.backend.mount === 'host' ? { ...r, warnings: [...r.warnings, warning] } : r,
    );
  }
  const binds = new Map(results.filter((r) => r.backend.id === NATIVE_BIND).map((r) => [keyOf(r), r]));
  const pairs = results.filter((r) => r.backend.mount === 'host' && binds.has(keyOf(r)));
  // Several workloads are checked at once: Bonferroni keeps a false alarm on any of them at 5 %.
  const alpha = 0.05 / Math.max(1, pairs.length);
  return results.map((r) => {
    if (!pairs.includes(r)) return r;
    const bind = binds.get(keyOf(r))!;
    const interval = ratioInterval(r.stats.samples, bind.stats.samples, alpha);
    if (!interval) return r;
    const outcome = baselineOutcome(interval);
    const check = {
      against: bind.backend.id,
      ratio: interval.ratio,
      low: interval.low,
      high: interval.high,
      agrees: outcome === 'agrees',
      outcome,
      tolerance: BASELINE_TOLERANCE,
    };
    const warning = outcomeWarning(outcome, formatRatioInterval(interval));
    return { ...r, baselineCheck: check, ...(warning ? { warnings: [...r.warnings, warning] } : {}) };
  });
}

function remoteEngineWarning(engine: EngineInfo): string {
  return (
    `The engine at ${engine.endpoint} runs on another kernel (${engine.kernelVersion || 'unknown'}), not this ` +
    "machine's: its bind mounts reach this folder through a share, so the host baseline is this machine's " +
    'own disk beside it, not checked against them, and ratios to it include crossing that boundary.'
  );
}

function outcomeWarning(outcome: BaselineOutcome, ratio: string): string | null {
  const band = `${BASELINE_TOLERANCE * 100} %`;
  if (outcome === 'differs')
    return (
      `Self-check failed: on this Linux engine the native bind mount is the host's own disk, yet the host ` +
      `took ${ratio} as long, more than ${band} away. The host baseline does not measure the same thing ` +
      'here, so no ratio to it is shown.'
    );
  if (outcome === 'too-wide')
    return (
      `Self-check not decided: the host took ${ratio} as long as the native bind mount of the same disk; ` +
      `that interval is too wide to say whether they agree within ${band} (not enough samples to check). ` +
      'Read ratios to the host baseline with care, or measure more runs.'
    );
  return null;
}
