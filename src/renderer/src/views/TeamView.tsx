// Team: a team's dataset (many machines' runs in one folder, docs/team.md) as the core analysed it:
// the spread per workload and role across machines by chip family or product version, which setting
// wins on how many machines, what machines like this one found, and the changes between product
// releases seen on the same machines, each saying how sure it is, and the trend over releases with
// those changes marked on it. Refused files are named.
import { useMemo, type FormEvent } from 'react';
import { ROLES } from '../../../shared/roles';
import type { TeamMachine, TeamView as TeamViewData, WorkloadSpread } from '../../../shared/team-view';
import { Card } from '../components/Card';
import { TeamChanges } from '../components/TeamChanges';
import { TeamSpread } from '../components/TeamSpread';
import { TeamTrends } from '../components/TeamTrends';
import { TeamWinners } from '../components/TeamWinners';
import { TeamWorkloadSelect, teamWorkloadKey } from '../components/TeamWorkloadSelect';
import { roleTitle } from '../lib/team-words';
import { useSlice, useStores } from '../stores/StoresContext';
import type { TeamGrouping } from '../stores/team-store';

function FolderForm() {
  const stores = useStores();
  const folder = useSlice(
    (s) => s.team,
    (s) => s.folder,
  );
  const status = useSlice(
    (s) => s.team,
    (s) => s.status,
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void stores.team.getState().load();
  };
  return (
    <form className="toolbar" onSubmit={submit}>
      <label>
        Dataset folder{' '}
        <input
          type="text"
          value={folder}
          size={60}
          placeholder="/Users/you/…/team-dataset"
          onChange={(e) => stores.team.getState().setFolder(e.target.value)}
          data-testid="team-folder"
        />
      </label>
      <button type="submit" className="primary" disabled={status === 'loading'} data-testid="team-load">
        {status === 'loading' ? 'Reading…' : 'Show the team'}
      </button>
    </form>
  );
}

function Summary({ view }: { view: TeamViewData }) {
  const { analysis, refused } = view;
  const families = [...new Set(analysis.machines.map((m) => m.chipFamily))];
  return (
    <>
      <p data-testid="team-summary">
        {analysis.runs} {analysis.runs === 1 ? 'run' : 'runs'} from {analysis.machines.length}{' '}
        {analysis.machines.length === 1 ? 'machine' : 'machines'}
        {families.length > 0 && ` (${families.join(', ')})`}.
      </p>
      {refused.length > 0 && (
        <div className="callout warning" data-testid="team-refused">
          <p>
            {refused.length} {refused.length === 1 ? 'file was' : 'files were'} refused and left out; the rest
            is shown:
          </p>
          <ul>
            {refused.map((r) => (
              <li key={r.file} data-testid="team-refused-file" data-file={r.file}>
                <code>{r.file}</code>: {r.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

function Spreads({
  spreads,
  workload,
  grouping,
}: {
  spreads: WorkloadSpread[];
  workload: string | null;
  grouping: TeamGrouping;
}) {
  const stores = useStores();
  const keys = [...new Set(spreads.map(teamWorkloadKey))];
  const shown = workload && keys.includes(workload) ? workload : keys[0];
  const ofWorkload = spreads.filter((s) => teamWorkloadKey(s) === shown);
  const roles = [...ROLES, null].filter((role) => ofWorkload.some((s) => s.role === role));
  return (
    <>
      <div className="toolbar">
        <TeamWorkloadSelect
          keys={keys}
          value={shown}
          onChange={(key) => stores.team.getState().showWorkload(key)}
          testId="team-workload"
        />
        <fieldset className="inline-choice">
          <legend className="visually-hidden">Group machines by</legend>
          {(
            [
              ['chip', 'by chip family'],
              ['version', 'by product version'],
            ] as const
          ).map(([value, label]) => (
            <label key={value}>
              <input
                type="radio"
                name="team-grouping"
                checked={grouping === value}
                onChange={() => stores.team.getState().groupBy(value)}
                data-testid={`team-group-${value}`}
              />{' '}
              {label}
            </label>
          ))}
        </fieldset>
      </div>
      {roles.map((role) => (
        <section key={role ?? 'host'} className="team-role" data-testid={`team-role-${role ?? 'host'}`}>
          <h3>{roleTitle(role)}</h3>
          {ofWorkload
            .filter((s) => s.role === role)
            .map((s) => (
              <TeamSpread
                key={s.backendKey}
                spread={s}
                grouping={grouping}
                testId={`team-spread-${s.backendKey}`}
              />
            ))}
        </section>
      ))}
    </>
  );
}

export function TeamView() {
  const team = useSlice(
    (s) => s.team,
    (s) => s,
  );
  const view = team.view;
  const machines = useMemo(
    () => new Map<string, TeamMachine>((view?.analysis.machines ?? []).map((m) => [m.machineId, m])),
    [view],
  );
  return (
    <div className="team-view">
      <Card title="Team dataset" testId="team-dataset">
        <p className="note">
          A folder of runs from the team’s machines, one file per run under{' '}
          <code>machines/&lt;machine-id&gt;/</code>: the clone <code>mountbench team pull</code> keeps, or any
          folder in that layout. Every file is checked like an import.
        </p>
        <FolderForm />
        {team.status === 'error' && (
          <div className="callout error" role="alert" data-testid="team-error">
            {team.error}
          </div>
        )}
        {view && <Summary view={view} />}
      </Card>
      {view && view.analysis.runs > 0 && (
        <>
          <Card title="Changes between releases (same machines, before and after)" testId="team-changes-card">
            <TeamChanges changes={view.analysis.changes} machines={machines} />
          </Card>
          <Card title="Trend over releases (same machines)" testId="team-trend-card">
            <TeamTrends trends={view.analysis.trends} machines={machines} />
          </Card>
          <Card title="Which setting wins, on how many machines" testId="team-winners-card">
            <TeamWinners winners={view.analysis.winners} testId="team-winners" />
          </Card>
          {view.analysis.likeYours && (
            <Card title="Machines like yours" testId="team-like-yours">
              <p data-testid="team-like-yours-summary">
                {view.analysis.likeYours.machineIds.length}{' '}
                {view.analysis.likeYours.machineIds.length === 1 ? 'machine' : 'machines'} of chip family{' '}
                {view.analysis.likeYours.chipFamily}
                {view.analysis.likeYours.provider ? ` on ${view.analysis.likeYours.provider}` : ''}, as this
                one.
              </p>
              {view.analysis.likeYours.machineIds.length > 0 && (
                <TeamWinners winners={view.analysis.likeYours.winners} testId="team-like-yours-winners" />
              )}
            </Card>
          )}
          <Card title="Spread across machines" testId="team-spreads">
            <Spreads spreads={view.analysis.spreads} workload={team.workload} grouping={team.grouping} />
          </Card>
        </>
      )}
    </div>
  );
}
