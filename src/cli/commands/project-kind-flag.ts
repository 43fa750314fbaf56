// `--project-kind`: a kind of project's workloads and profile (shared/project-kinds.ts) as the
// defaults of `--workload` and `--profile`; either flag, when typed, still wins.
import { WORKLOAD_IDS } from '../../shared/ids';
import { kindWorkloads, PROJECT_KIND_IDS, PROJECT_KINDS } from '../../shared/project-kinds';
import { parseOne } from '../parse-options';

interface KindFlags {
  projectKind?: string;
  workload?: string;
  profile?: string;
}

export function withProjectKind<F extends KindFlags>(flags: F): F {
  if (flags.projectKind === undefined) return flags;
  const kind = parseOne('--project-kind', flags.projectKind, PROJECT_KIND_IDS);
  return {
    ...flags,
    workload: flags.workload ?? kindWorkloads(kind, WORKLOAD_IDS).join(','),
    profile: flags.profile ?? PROJECT_KINDS[kind].profile,
  };
}

export const PROJECT_KIND_HELP = `a kind of project's workloads and profile: ${PROJECT_KIND_IDS.join(', ')} (--workload and --profile still win)`;
