// The answer for the chosen profile: which backend, why, its trade-offs, how to apply it, and how
// the others scored. The source tree and container-only data are answered and ranked apart (one
// score table per role), so the headline never calls a backend the fastest while the table under
// it ranks another of its role ahead, and a backend nothing rivalled is its role's only option.
import { formatRatio } from '../../../shared/format-time';
import type { Recommendation, ScoredBackend } from '../../../shared/recommendation';
import { ROLE_TITLES, ROLES, type Role } from '../../../shared/roles';
import { roleOf } from '../../../shared/mounts';
import { verdictHeadline, weighedWithoutWords } from '../../../shared/verdict-words';
import { PROFILES, type ProfileId } from '../stores/results-store';
import { ActionSteps } from './ActionSteps';
import { ApplySetting } from './ApplySetting';
import { RoleAnswers } from './RoleAnswers';

/** The scores of one role, placed within it (equal scores share a place); the host is in none. */
function roleScores(scores: readonly ScoredBackend[], role: Role): ScoredBackend[] {
  const own = scores.filter((s) => roleOf(s.backend.mount) === role);
  return own.map((s) => ({ ...s, place: own.findIndex((o) => o.score === s.score) + 1 }));
}

/** ", weighed without sync-latency: none of its backends ran it", or nothing. */
function leftOut(rec: Recommendation, role: Role): string {
  const words = weighedWithoutWords(rec.roles?.find((r) => r.role === role)?.weighedWithout);
  return words ? `, ${words}` : '';
}

function ScoreTable({ rec, role, scores }: { rec: Recommendation; role: Role; scores: ScoredBackend[] }) {
  return (
    <table className="figures compact" data-testid={`recommendation-scores-${role}`}>
      <caption>
        {ROLE_TITLES[role]}: scores for {rec.profile.label} (time against the fastest of all, weighted
        geometric mean){leftOut(rec, role)}
      </caption>
      <thead>
        <tr>
          <th scope="col">Place</th>
          <th scope="col">Backend</th>
          <th scope="col">Score</th>
        </tr>
      </thead>
      <tbody>
        {scores.map((s) => (
          <tr key={s.backend.key}>
            <td>{s.place}</td>
            <th scope="row">{s.backend.label}</th>
            <td className="num">{formatRatio(s.score)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const SEVERITY_ICONS = { info: 'ℹ', caution: '⚠', warning: '⛔' } as const;

interface Props {
  profile: ProfileId;
  onProfile(profile: ProfileId): void;
  status: 'empty' | 'loading' | 'ready' | 'error';
  error: string | null;
  recommendation: Recommendation | null;
  /**
   * Roles whose race ran out of its time budget: their answer is "not decided yet" whatever the
   * ranking says, as on the verdict strip and in History.
   */
  openRoles?: readonly Role[];
}

/** The card's headline: a race left open in the answer's role settles nothing, as the strip says. */
function headline(rec: Recommendation, open: boolean): string {
  const role = rec.role ?? 'source-tree';
  if (open && (rec.verdict === 'winner' || rec.verdict === 'no-measurable-difference'))
    return 'Not decided yet: the race ran out of time before the figures told the backends apart';
  return verdictHeadline(
    rec.verdict,
    role,
    rec.roles?.find((r) => r.role === role),
  );
}

export function RecommendationCard({
  profile,
  onProfile,
  status,
  error,
  recommendation: rec,
  openRoles = [],
}: Props) {
  return (
    <section
      className="card recommendation"
      aria-labelledby="recommendation-title"
      data-testid="recommendation-card"
    >
      <div className="card-head">
        <h2 id="recommendation-title">Recommendation</h2>
        <label className="inline">
          Workload profile{' '}
          <select
            value={profile}
            onChange={(e) => onProfile(e.target.value as ProfileId)}
            data-testid="profile-select"
          >
            {PROFILES.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {status === 'loading' && <p role="status">Ranking the backends…</p>}
      {status === 'error' && (
        <p className="problem" data-testid="recommendation-error">
          {error}
        </p>
      )}
      {status === 'ready' && !rec && (
        <p className="note">No recommendation: nothing this profile weighs was measured.</p>
      )}
      {rec && status === 'ready' && (
        <>
          <p className="verdict" data-testid="recommendation-verdict">
            {headline(rec, openRoles.includes(rec.role ?? 'source-tree'))}
          </p>
          {rec.choice && (
            <p className="choice-line">
              Use <strong data-testid="recommendation-choice">{rec.choice.label}</strong>
              {rec.choice.fileSharing && ` (file sharing: ${rec.choice.fileSharing})`}
            </p>
          )}
          <p data-testid="recommendation-reason">{rec.reason}</p>
          {rec.roles && rec.roles.length > 0 && <RoleAnswers roles={rec.roles} openRoles={openRoles} />}
          {rec.setup && rec.setup.tradeOffs.length > 0 && (
            <>
              <h3>Trade-offs</h3>
              <ul className="plain trade-offs" data-testid="recommendation-trade-offs">
                {rec.setup.tradeOffs.map((t) => (
                  <li key={t.id} className={`severity-${t.severity}`}>
                    <span aria-label={t.severity} role="img">
                      {SEVERITY_ICONS[t.severity]}
                    </span>{' '}
                    {t.text}
                  </li>
                ))}
              </ul>
            </>
          )}
          {rec.setup && (
            <>
              <h3>How to apply it</h3>
              <p data-testid="recommendation-action">{rec.setup.action.summary}</p>
              <ActionSteps steps={rec.setup.action.steps} />
              <ApplySetting target={rec.setup.action.apply} />
            </>
          )}
          {rec.scores.length > 1 && (
            <div data-testid="recommendation-scores">
              {ROLES.map((role) => ({ role, scores: roleScores(rec.scores, role) }))
                .filter((t) => t.scores.length > 0)
                .map((t) => (
                  <ScoreTable key={t.role} rec={rec} role={t.role} scores={t.scores} />
                ))}
            </div>
          )}
          {rec.caveats.length > 0 && (
            <ul className="plain caveats">
              {rec.caveats.map((c, i) => (
                <li key={i}>{c}</li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
