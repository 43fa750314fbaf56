// For tests: git-status and code-search on a laid quick repository, in any environment that has git
// (the host here, the tools image in integration tests). Each check is proven both ways: the sample
// passes on the committed tree and fails when the work was not done (a dirty tree, a missing match).
import { describe, expect, it } from 'vitest';
import { codeSearch } from '../code-search';
import { GIT_NEEDLE, planGitRepo, sourcePath } from '../git-repo-fixture';
import { gitStatus } from '../git-status';
import { GIT_FUNCTION } from '../git-repo-scripts';
import { workloadCases, type WorkloadCase } from '../workload';
import { mustRun, runCase, type WorkloadShell } from '../workload-shell';
import type { ScriptEnvironment } from './workload-scripts.suite';

const params = gitStatus.sizes.quick;

function caseOf(cases: WorkloadCase[], id: string): WorkloadCase {
  const found = cases.find((c) => c.id === id);
  if (!found) throw new Error(`no case ${id}`);
  return found;
}

/** A tracked file that carries the planted line, and one that does not. */
function plantedAndPlain(): { planted: string; plain: string } {
  const plan = planGitRepo(params);
  const planted = plan.planted.indexOf(1);
  const plain = plan.planted.findIndex((p, i) => p === 0 && plan.python[i] === 1);
  return { planted: sourcePath(plan, planted), plain: sourcePath(plan, plain) };
}

async function laidRepository(environment: ScriptEnvironment): Promise<WorkloadShell> {
  const shell = await environment.lay(gitStatus, params);
  const prepared = await shell(gitStatus.verifyScript!(params));
  expect(prepared, prepared.stderr).toMatchObject({ exitCode: 0 });
  return shell;
}

export function describeGitWorkloads(
  name: string,
  environment: () => ScriptEnvironment,
  options: { skip?: boolean } = {},
): void {
  // Laying and committing ~2,000 files (25 MB) takes seconds, more beside other work.
  describe.skipIf(options.skip ?? false)(`git workloads: ${name}`, { timeout: 120_000 }, () => {
    it('commits the laid tree once, with its build output ignored, and a second preparation changes nothing', async () => {
      const shell = await laidRepository(environment());
      const head = await mustRun(shell, `${GIT_FUNCTION}\ng rev-parse HEAD`);
      expect(head).toMatch(/^[0-9a-f]{40}$/);
      expect(await shell(gitStatus.verifyScript!(params))).toMatchObject({ exitCode: 0 });
      expect(await mustRun(shell, `${GIT_FUNCTION}\ng rev-parse HEAD`)).toBe(head);
      const ignored = await mustRun(
        shell,
        `${GIT_FUNCTION}\ng status --porcelain --ignored | grep -c '^!! .*__pycache__/$'`,
      );
      expect(Number(ignored)).toBeGreaterThan(10);
    });

    it('git-status passes cold and warm on the clean tree, and fails on a changed or an untracked file', async () => {
      const shell = await laidRepository(environment());
      const cases = workloadCases(gitStatus, params);
      expect(cases.map((c) => c.id)).toEqual(['cold', 'warm']);
      for (const c of cases) expect(await runCase(shell, c), c.id ?? '').toMatchObject({ exitCode: 0 });
      // The cold reset leaves the index with no stat data: git must look at every file again.
      await mustRun(shell, caseOf(cases, 'cold').reset!);
      const debug = await mustRun(shell, `${GIT_FUNCTION}\ng ls-files --debug | grep -c '  mtime: 0:0'`);
      expect(Number(debug)).toBe(params.files + 1);

      const { plain } = plantedAndPlain();
      await mustRun(shell, `echo changed >> ${plain}`);
      for (const c of cases) {
        const dirty = await runCase(shell, c);
        expect(dirty.exitCode, c.id ?? '').not.toBe(0);
        expect(dirty.stderr).toContain('the tree is not clean');
        expect(dirty.stderr).toContain(plain);
      }
      await mustRun(shell, `${GIT_FUNCTION}\ng checkout -- ${plain} && echo new > untracked.txt`);
      const untracked = await runCase(shell, caseOf(cases, 'warm'));
      expect(untracked.exitCode).not.toBe(0);
      expect(untracked.stderr).toContain('?? untracked.txt');
    });

    it('code-search finds the planted string exactly, and fails when a match is missing or extra', async () => {
      const shell = await laidRepository(environment());
      const cases = workloadCases(codeSearch, params);
      expect(cases.map((c) => c.id)).toEqual(['git-grep', 'grep-r']);
      for (const c of cases) expect(await runCase(shell, c), c.id ?? '').toMatchObject({ exitCode: 0 });

      const { planted, plain } = plantedAndPlain();
      await mustRun(
        shell,
        `sed 's/${GIT_NEEDLE}/gone/' ${planted} > t.tmp && cat t.tmp > ${planted} && rm t.tmp`,
      );
      for (const c of cases) {
        const missing = await runCase(shell, c);
        expect(missing.exitCode, c.id ?? '').not.toBe(0);
        expect(missing.stderr).toMatch(
          new RegExp(`found ${params.planted - 1} lines with the planted string, expected ${params.planted}`),
        );
      }
      await mustRun(shell, `${GIT_FUNCTION}\ng checkout -- ${planted} && echo '# ${GIT_NEEDLE}' >> ${plain}`);
      for (const c of cases) {
        const extra = await runCase(shell, c);
        expect(extra.exitCode, c.id ?? '').not.toBe(0);
        expect(extra.stderr).toContain(`found ${params.planted + 1} lines`);
      }
    });

    it('code-search only reads: a second preparation and its cases change no byte and no time of the tree or .git', async () => {
      // Why code-search may share one copy between backends (readsOnly) and git-status may not.
      const shell = await environment().lay(codeSearch, params);
      const first = await shell(codeSearch.verifyScript!(params));
      expect(first, first.stderr).toMatchObject({ exitCode: 0 });
      // POSIX find and cksum only: the host may be a Mac. The second's pause puts every later
      // write past the marker's time, whatever the file system's timestamp granularity.
      const digest = 'find . -type f -exec cksum {} + | LC_ALL=C sort | cksum';
      const marker = `/tmp/mountbench-unchanged-${process.pid}`;
      const changedSince = `find . \\( -newer ${marker} -o -cnewer ${marker} \\) -print | LC_ALL=C sort | head -n 20`;
      const before = await mustRun(shell, `${digest}\ntouch ${marker} && sleep 1`);
      try {
        // What another backend sharing the copy does: prepare it (already committed), then search.
        expect(await shell(codeSearch.verifyScript!(params))).toMatchObject({ exitCode: 0 });
        for (const c of workloadCases(codeSearch, params))
          for (let i = 0; i < 2; i++)
            expect(await runCase(shell, c), c.id ?? '').toMatchObject({ exitCode: 0 });
        expect(await mustRun(shell, changedSince)).toBe('');
        expect(await mustRun(shell, digest)).toBe(before);
        // The check sees a write: git-status's cold case rewrites the index.
        const [cold] = workloadCases(gitStatus, params);
        expect(await runCase(shell, cold)).toMatchObject({ exitCode: 0 });
        expect((await mustRun(shell, changedSince)).split('\n')).toContain('./.git/index');
      } finally {
        await shell(`rm -f ${marker}`);
      }
    });

    it('code-search grep -r reads the ignored build output too, git grep does not', async () => {
      const shell = await laidRepository(environment());
      // A planted line in build output: only the search that does not know .gitignore sees it.
      await mustRun(
        shell,
        `d=$(find . -name __pycache__ -type d | head -n 1) && echo '${GIT_NEEDLE}' > $d/extra.pyc`,
      );
      const [gitGrep, grepR] = workloadCases(codeSearch, params);
      expect(await runCase(shell, gitGrep)).toMatchObject({ exitCode: 0 });
      expect((await runCase(shell, grepR)).exitCode).not.toBe(0);
    });
  });
}
