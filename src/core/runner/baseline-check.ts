// The host baseline's self-check. On a plain Linux engine a native bind mount of a host folder is
// the host's own filesystem, reached without a VM: host and bind mount run the same program on the
// same disk, so they must agree within their intervals. When they do not, the baseline measures
// something else (another reader, another cache state) and the result says so, instead of letting
// a table print "20× faster than host".
import type { EngineInfo, WorkloadResult } from '../../shared/result-schema';
import { formatRatioInterval } from '../../shared/format-ratio';
import { workloadKey } from '../../shared/comparison';
import { ratioInterval } from '../stats/ratio-interval';

const NATIVE_BIND = 'docker-engine/native/bind';

function keyOf(r: WorkloadResult): string {
  return workloadKey(r.workload.id, r.workload.case);
}

/** The results with the check written into each host result it applies to. */
export function checkHostBaseline(results: WorkloadResult[], engine: EngineInfo | null): WorkloadResult[] {
  if (engine?.provider !== 'docker-engine' || engine.osType !== 'linux' || process.platform !== 'linux')
    return results;
  const binds = new Map(results.filter((r) => r.backend.id === NATIVE_BIND).map((r) => [keyOf(r), r]));
  const pairs = results.filter((r) => r.backend.mount === 'host' && binds.has(keyOf(r)));
  // Several workloads are checked at once: Bonferroni keeps a false alarm on any of them at 5 %.
  const alpha = 0.05 / Math.max(1, pairs.length);
  return results.map((r) => {
    if (!pairs.includes(r)) return r;
    const bind = binds.get(keyOf(r))!;
    const interval = ratioInterval(r.stats.samples, bind.stats.samples, alpha);
    if (!interval) return r;
    const agrees = interval.low <= 1 && interval.high >= 1;
    const check = {
      against: bind.backend.id,
      ratio: interval.ratio,
      low: interval.low,
      high: interval.high,
      agrees,
    };
    const warning =
      `Self-check failed: on this Linux engine the native bind mount is the host's own disk, yet the host ` +
      `took ${formatRatioInterval(interval)} as long. The host baseline does not measure the same thing ` +
      'here, so no ratio to it is shown.';
    return { ...r, baselineCheck: check, ...(agrees ? {} : { warnings: [...r.warnings, warning] }) };
  });
}
