// The recommendation a run's summary rests on, one per role: the core's recommend() over that
// role's rows alone, so each workload's fastest, every ratio and its interval are taken against the
// fastest of the same role (a volume never sets the pace for the source tree). No statistic is
// computed here; everything printed from these comes from the core.
import type { ComparisonRow } from '../../shared/comparison';
import type { Profile, Recommendation } from '../../shared/recommendation';
import { ROLES, type Role } from '../../shared/roles';
import { roleOf } from '../../shared/mounts';
import { recommend } from '../../core/recommend';

export interface RoleRecommendation {
  role: Role;
  rec: Recommendation;
}

/** One per role that has a measured backend, in the order of ROLES; the host baseline is in none. */
export function recommendPerRole(rows: readonly ComparisonRow[], profile: Profile): RoleRecommendation[] {
  return ROLES.flatMap((role) => {
    const own = rows.filter((r) => roleOf(r.backend.mount) === role);
    return own.length ? [{ role, rec: recommend(own, profile) }] : [];
  });
}
