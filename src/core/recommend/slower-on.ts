// Where the recommended setting loses: every measured workload (weighted by the profile or not) on
// which it is measurably slower than another backend of its own role. A score can crown a backend
// that is slower on a workload the user cares about (an A/A pair once ended "faster" while the
// winner was measurably slower on small-file read, and nothing said so), so the answer lists them.
// "Measurably" as everywhere: across a bracketed sweep's settings, beyond the drift between passes.
import type { SlowerOn, WorkloadRanking } from '../../shared/recommendation';
import { compareBeyondDrift } from '../stats/pass-drift';

/** Each workload where `choiceKey` is measurably slower than one of `rivalKeys`, the widest gap first. */
export function slowerOn(
  choiceKey: string,
  rivalKeys: readonly string[],
  rankings: readonly WorkloadRanking[],
): SlowerOn[] {
  const found: SlowerOn[] = [];
  for (const ranking of rankings) {
    const choice = ranking.entries.find((e) => e.backend.key === choiceKey);
    if (!choice) continue;
    let worst: SlowerOn | null = null;
    for (const rival of ranking.entries) {
      if (rival.backend.key === choiceKey || !rivalKeys.includes(rival.backend.key)) continue;
      const { verdict, interval, ratio } = compareBeyondDrift(choice, rival);
      if (verdict !== 'slower' || !interval) continue;
      if (worst && ratio <= worst.ratio) continue;
      worst = { workloadKey: ranking.workloadKey, than: rival.backend, ratio, ...interval };
    }
    if (worst) found.push(worst);
  }
  return found.sort((a, b) => b.ratio - a.ratio);
}
