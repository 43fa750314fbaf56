// What a Results bar's tooltip says after its figure: how it compares with the fastest backend on
// that workload, in the verdict strip's words and from the same sources (the race's interval for
// the pair where the run raced, else the ranking's interval against the fastest), so the tooltip,
// the strip and the table never tell different stories.
import { formatRatioInterval } from '../../../shared/format-ratio';
import type { Recommendation } from '../../../shared/recommendation';
import type { RunFile } from '../../../shared/result-schema';
import { withinDriftWords } from '../../../shared/verdict-words';
import { raceInterval, ratioText } from './verdict';

export function resultRatioWords(run: RunFile, rec: Recommendation | null) {
  return (workloadKey: string, backendId: string): string | null => {
    const ranking = rec?.rankings.find((r) => r.workloadKey === workloadKey);
    if (!ranking) return null;
    if (backendId === 'host') return ranking.baseline ? 'baseline (no container)' : null;
    const entry = ranking.entries.find((e) => e.backend.key === backendId);
    const fastest = ranking.entries.find((e) => e.ratio === 1);
    if (!entry || !fastest) return null;
    if (entry === fastest) return 'fastest';
    const raced = raceInterval(run, workloadKey, fastest.backend.key, backendId);
    const interval = raced ?? (entry.interval ? { ratio: entry.ratio, ...entry.interval } : null);
    const ratio = interval ? formatRatioInterval(interval) : ratioText(entry.ratio);
    const same =
      entry.verdict !== 'no-measurable-difference'
        ? ''
        : entry.withinDrift !== undefined
          ? `: no measurable difference, ${withinDriftWords(entry.withinDrift)}`
          : ': no measurable difference';
    return `${ratio} as long${same}`;
  };
}
