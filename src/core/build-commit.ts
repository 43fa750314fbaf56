// The commit a build is made from, embedded into the bundles at build time (electron-vite and the
// CLI bundle both call this), so `mountbench --version` and every result file can say which code
// took a figure. Outside a git checkout (a source tarball) the build says "unknown" rather than fail.
import { execFileSync } from 'node:child_process';

function git(args: string[], cwd: string): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
    timeout: 10_000,
  }).trim();
}

/** `abc123def456`, `abc123def456-dirty` when tracked files differ from the commit, or `unknown`. */
export function buildCommit(cwd: string): string {
  try {
    const commit = git(['rev-parse', '--short=12', 'HEAD'], cwd);
    const dirty = git(['status', '--porcelain', '--untracked-files=no'], cwd) !== '';
    return dirty ? `${commit}-dirty` : commit;
  } catch {
    return 'unknown';
  }
}
