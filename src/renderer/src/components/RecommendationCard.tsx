// The answer for the chosen profile: which backend, why, its trade-offs, how to apply it, and how
// the others scored.
import { formatRatio } from '../../../shared/format-time';
import type { Recommendation } from '../../../shared/recommendation';
import { PROFILES, type ProfileId } from '../stores/results-store';
import { ActionSteps } from './ActionSteps';
import { ApplySetting } from './ApplySetting';
import { RoleAnswers } from './RoleAnswers';

const VERDICT_WORDS: Record<Recommendation['verdict'], string> = {
  winner: 'Fastest, measurably',
  'no-measurable-difference': 'No measurable difference: the simplest is chosen',
  'significance-unknown': 'Fastest by the figures (too few runs to test significance)',
  'not-decided': 'Not decided yet: more samples would decide it',
  'no-data': 'Nothing to rank',
};

const SEVERITY_ICONS = { info: 'ℹ', caution: '⚠', warning: '⛔' } as const;

interface Props {
  profile: ProfileId;
  onProfile(profile: ProfileId): void;
  status: 'empty' | 'loading' | 'ready' | 'error';
  error: string | null;
  recommendation: Recommendation | null;
}

export function RecommendationCard({ profile, onProfile, status, error, recommendation: rec }: Props) {
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
            {VERDICT_WORDS[rec.verdict]}
          </p>
          {rec.choice && (
            <p className="choice-line">
              Use <strong data-testid="recommendation-choice">{rec.choice.label}</strong>
              {rec.choice.fileSharing && ` (file sharing: ${rec.choice.fileSharing})`}
            </p>
          )}
          <p>{rec.reason}</p>
          {rec.roles && rec.roles.length > 0 && <RoleAnswers roles={rec.roles} />}
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
            <table className="figures compact" data-testid="recommendation-scores">
              <caption>
                Scores for {rec.profile.label} (time against the fastest, weighted geometric mean)
              </caption>
              <thead>
                <tr>
                  <th scope="col">Place</th>
                  <th scope="col">Backend</th>
                  <th scope="col">Score</th>
                </tr>
              </thead>
              <tbody>
                {rec.scores.map((s) => (
                  <tr key={s.backend.key}>
                    <td>{s.place}</td>
                    <th scope="row">{s.backend.label}</th>
                    <td className="num">{formatRatio(s.score)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
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
