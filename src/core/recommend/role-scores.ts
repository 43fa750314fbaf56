// Each role is scored on the workloads its own backends ran. A workload only the bind mount and the
// host can run (sync-latency: an edit on the host seen in the container) weighs the source tree's
// answer; scoring container-only data on it would rank every volume, tmpfs and layer apart for
// lacking it, and leave that role unanswered however clearly its races were decided. Within a role
// the rule stays: a backend missing a workload the role's others ran is ranked apart.
import type { Profile, WorkloadRanking } from '../../shared/recommendation';
import { type Role } from '../../shared/roles';
import { roleOf } from '../../shared/mounts';
import { scoreProfile, type ProfileScores } from './profile-score';

export interface RoleScores extends ProfileScores {
  role: Role;
  /** Workloads the profile weighs that none of the role's backends ran, left out of its score. */
  weighedWithout: string[];
}

export function scoreRole(
  rankings: readonly WorkloadRanking[],
  profile: Profile,
  role: Role,
  profileKeys: readonly string[],
): RoleScores {
  const own = rankings
    .map((r) => ({ ...r, entries: r.entries.filter((e) => roleOf(e.backend.mount) === role) }))
    .filter((r) => r.entries.length > 0);
  const scored = scoreProfile(own, profile);
  return { ...scored, role, weighedWithout: profileKeys.filter((k) => !Object.hasOwn(scored.weights, k)) };
}
