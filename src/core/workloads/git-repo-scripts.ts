// Shell text shared by the git-status and code-search workloads: one `g` function that runs git the
// same way everywhere, and the untimed preparation that commits the laid tree in the backend's own
// environment (the container, so a named volume's repository lives in the volume; or the host).
import { GIT_NEEDLE, gitRepoFacts, planGitRepo, type GitRepoParams } from './git-repo-fixture';

// safe.directory: the tree may belong to another user than the one git runs as (a bind mount seen
// by root in a container), which git otherwise refuses. fsmonitor and the untracked cache stay off
// so every status does the full walk a first status does; gc.auto=0 keeps housekeeping out of a sample.
export const GIT_FUNCTION =
  'g() { git -c safe.directory=\'*\' -c core.fsmonitor=false -c core.untrackedCache=false -c gc.auto=0 "$@"; }';

function fail(message: string): string {
  return `{ echo ${JSON.stringify(message)} >&2; exit 1; }`;
}

/** Untimed, once per backend after laying: `git init`, add, commit (skipped when already done), then checks. */
export function prepareGitRepoScript(params: GitRepoParams): string {
  const facts = gitRepoFacts(planGitRepo(params));
  return [
    GIT_FUNCTION,
    `command -v git >/dev/null || ${fail('this workload needs git in its image or on the host')}`,
    // A repository committed already (code-search's one host copy, shared by every bind backend
    // and committed by the first) is only checked: status without its optional index refresh, so
    // a later backend's check writes nothing into the fixture it shares.
    'locks=--no-optional-locks',
    'if [ ! -d .git ]; then',
    '  locks=',
    '  g -c init.defaultBranch=main init -q &&',
    '  g -c core.compression=1 add -A &&',
    '  g -c user.name=mountbench -c user.email=mountbench@localhost -c commit.gpgsign=false commit -q -m "mountbench fixture" ||',
    `  ${fail('could not commit the fixture repository')}`,
    'fi',
    `n=$(g ls-files | awk 'END { print NR }')`,
    `[ "$n" -eq ${facts.trackedFiles} ] || { echo "the fixture repository tracks $n files, expected ${facts.trackedFiles}" >&2; exit 1; }`,
    `n=$(find . -name '*.pyc' -type f | awk 'END { print NR }')`,
    `[ "$n" -eq ${facts.ignoredFiles} ] || { echo "the fixture has $n ignored build files, expected ${facts.ignoredFiles}" >&2; exit 1; }`,
    `[ -z "$(g $locks status --porcelain)" ] || ${fail('the fixture repository is not clean after its commit')}`,
  ].join('\n');
}

/** Timed: `git status`; fails unless it exits 0 and reports a clean tree. */
export function gitStatusScript(): string {
  return [
    GIT_FUNCTION,
    `out=$(g status --porcelain) || ${fail('git status failed')}`,
    '[ -z "$out" ] || { echo "git status: the tree is not clean:" >&2; echo "$out" | head -n 5 >&2; exit 1; }',
  ].join('\n');
}

function countCheck(tool: string, expected: number): string {
  return `[ "$n" -eq ${expected} ] || { echo "${tool} found $n lines with the planted string, expected ${expected}" >&2; exit 1; }`;
}

/** Timed: `git grep -c` over the tracked files; fails unless the planted count comes back exactly. */
export function gitGrepScript(planted: number): string {
  return [
    GIT_FUNCTION,
    // git grep exits 1 when nothing matches: the count check below says so better.
    `n=$(g grep -c -F '${GIT_NEEDLE}' | awk -F: '{ s += $NF } END { print s + 0 }')`,
    countCheck('git grep', planted),
  ].join('\n');
}

/** Timed: plain `grep -r` over the whole working tree (build output too), as tools without git do. */
export function grepRecursiveScript(planted: number): string {
  return [
    `n=$(grep -r -F -c --exclude-dir=.git '${GIT_NEEDLE}' . | awk -F: '{ s += $NF } END { print s + 0 }')`,
    countCheck('grep -r', planted),
  ].join('\n');
}
