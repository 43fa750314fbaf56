// git-status and code-search with this host's own git and grep, as the `host` baseline runs them.
// Here rather than beside its sources: it lays four real repositories of ~4,000 files and runs
// git on them (20 s of the unit part at load 13); git-workloads.test.ts runs the same suite in the
// tools image.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { writeHostFixture } from '../../src/core/fixtures/write-host-fixture';
import { describeGitWorkloads } from '../../src/core/workloads/test-support/git-workloads.suite';
import { hostShell } from '../../src/core/workloads/workload-shell';

const made: string[] = [];
// Four laid repositories of ~4,000 files each: removing them outlasts the default hook timeout.
afterAll(() => made.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })), 60_000);

describeGitWorkloads('the host’s git and grep', () => ({
  async lay(workload, params) {
    const dir = mkdtempSync(join(tmpdir(), `mountbench-${workload.id}-`));
    made.push(dir);
    const fixture = workload.fixture(params);
    if (fixture) await writeHostFixture(dir, fixture);
    return hostShell(dir);
  },
}));
