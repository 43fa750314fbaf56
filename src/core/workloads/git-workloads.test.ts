// git-status and code-search with this host's own git and grep, as the `host` baseline runs them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { writeHostFixture } from '../fixtures/write-host-fixture';
import { describeGitWorkloads } from './test-support/git-workloads.suite';
import { hostShell } from './workload-shell';

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
