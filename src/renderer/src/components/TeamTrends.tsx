// The Team page's trend: a select picks the workload (and size), then a chart per product and
// backend over the product's releases (TeamTrend). The core bounds how many series and machines it
// sends; what it left out is said here, so a missing chart is never silent.
import { useState } from 'react';
import type { TeamMachine, TeamTrends as TeamTrendsData, VersionSource } from '../../../shared/team-view';
import { TeamTrend } from './TeamTrend';
import { TeamWorkloadSelect, teamWorkloadKey } from './TeamWorkloadSelect';

export function TeamTrends({
  trends,
  machines,
}: {
  trends: TeamTrendsData;
  machines: ReadonlyMap<string, TeamMachine>;
}) {
  const [picked, setPicked] = useState<string | null>(null);
  const keys = [...new Set(trends.series.map(teamWorkloadKey))];
  // First look: the workload where a change was flagged, since that is what the trend is for.
  const flagged = trends.series.find((s) => s.lines.some((l) => l.points.some((p) => p.flag !== null)));
  const shown = picked && keys.includes(picked) ? picked : flagged ? teamWorkloadKey(flagged) : keys[0];
  return (
    <>
      {keys.length === 0 ? (
        <p className="note" data-testid="team-no-trend">
          No trend yet: no machine was measured on more than one release of a product.
        </p>
      ) : (
        <>
          <div className="toolbar">
            <TeamWorkloadSelect keys={keys} value={shown} onChange={setPicked} testId="team-trend-workload" />
          </div>
          {trends.series
            .filter((s) => teamWorkloadKey(s) === shown)
            .map((s) => (
              <TeamTrend
                key={`${s.provider}/${s.backendKey}/${s.versionSource}`}
                trend={s}
                machines={machines}
                testId={trendTestId(s)}
              />
            ))}
        </>
      )}
      {trends.leftOutCount > 0 && (
        <div className="note" data-testid="team-trend-left-out">
          <p>
            {trends.leftOutCount} more {trends.leftOutCount === 1 ? 'series was' : 'series were'} left out to
            keep the page small (those with flagged changes are always kept):
          </p>
          <ul>
            {trends.leftOut.map((l) => (
              <li key={`${l.provider}/${l.backendLabel}/${l.workloadKey}/${l.size}`}>
                {l.workloadKey} ({l.size}) on {l.backendLabel}, {l.provider}: {l.machines}{' '}
                {l.machines === 1 ? 'machine' : 'machines'}
              </li>
            ))}
            {trends.leftOutCount > trends.leftOut.length && (
              <li>and {trends.leftOutCount - trends.leftOut.length} more</li>
            )}
          </ul>
        </div>
      )}
    </>
  );
}

/** One backend can have two series (its product's releases and, in older runs, its engine's
 * versions): the engine one gets its own suffix so every test id on the page is unique. */
function trendTestId(s: { backendKey: string; versionSource: VersionSource }): string {
  return s.versionSource === 'product'
    ? `team-trend-${s.backendKey}`
    : `team-trend-${s.backendKey}-engine-versions`;
}
