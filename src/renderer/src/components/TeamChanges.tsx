// Changes between product releases seen on the same machines, each a claim that says how sure it
// is: how many machines saw it of those measured on both releases, and each machine's ratio with
// its interval. Noise-level changes (overlapping intervals) never reach this list.
import type { ReleaseChange, TeamMachine } from '../../../shared/team-view';
import { changeRatioWords, changeTitle, evidenceWords, machineName, surenessWords } from '../lib/team-words';

export function TeamChanges({
  changes,
  machines,
}: {
  changes: ReleaseChange[];
  machines: ReadonlyMap<string, TeamMachine>;
}) {
  if (changes.length === 0)
    return (
      <p className="note" data-testid="team-no-changes">
        No change between releases: on every machine measured before and after, the intervals overlap.
      </p>
    );
  return (
    <ul className="team-changes" data-testid="team-changes">
      {changes.map((c) => (
        <li
          key={`${c.kind}-${c.backendKey}-${c.workloadKey}-${c.size}-${c.fromVersion}-${c.toVersion}`}
          className={`team-change ${c.kind} ${c.sure}`}
          data-testid="team-change"
          data-kind={c.kind}
          data-workload={c.workloadKey}
          data-backend={c.backendKey}
          data-sure={c.sure}
        >
          <strong>{changeTitle(c)}</strong>
          <div>{changeRatioWords(c)}</div>
          <div className="team-sure" data-testid="team-change-sure">
            {surenessWords(c)}
          </div>
          <ul className="team-evidence">
            {c.machines.map((m) => (
              <li key={m.machineId}>
                {machineName(machines.get(m.machineId), m.machineId)}: {evidenceWords(m)}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
