// The built-in workloads needing tools, on a host whose PATH is a real temp folder holding only some
// of them: the estimate leaves out the host baseline of exactly those the host cannot run, and
// still counts the host for those it can and for the BusyBox workloads.
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateRun } from '../../shared/estimate';
import { workloadById, type FixedWorkloadId } from './registry';
import { unsupportedReason } from './unsupported-reason';
import { estimatedWorkload } from './workload-info';

const made: string[] = [];
/** A PATH folder holding these programs, executable, and nothing else. */
async function binWith(...names: string[]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'mb-host-path-'));
  made.push(dir);
  for (const name of names) {
    await writeFile(join(dir, name), '#!/bin/sh\n');
    await chmod(join(dir, name), 0o755);
  }
  return dir;
}

let bin: string;
beforeAll(async () => {
  bin = await binWith('node', 'npm');
  // Present but not executable: not a program the host has.
  await writeFile(join(bin, 'fio'), '#!/bin/sh\n');
});
afterAll(() => Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true }))));

const counts = { size: 'quick' as const, runs: 3, warmup: 1 };

describe('a host PATH with node and npm but no git or fio', () => {
  it('says why each workload needing a missing tool cannot run on the host, and nothing for the others', () => {
    const env = { PATH: bin };
    const hostReason = (id: FixedWorkloadId) => unsupportedReason(workloadById(id), 'host', env);
    expect(hostReason('git-status')).toMatch(/^it needs git on the host, and it is not on the PATH/);
    expect(hostReason('code-search')).toMatch(/needs git on the host/);
    expect(hostReason('random-io')).toMatch(/needs fio on the host/);
    expect(hostReason('npm-install')).toBeNull();
    expect(hostReason('small-file-read')).toBeNull();
    // Only the host baseline depends on the host's programs: containers get the tools image.
    expect(unsupportedReason(workloadById('git-status'), 'bind', env)).toBeNull();
  });

  it('estimates no host time for git-status, and the host time for npm-install', () => {
    const env = { PATH: bin };
    const gitStatus = estimatedWorkload(workloadById('git-status'), env);
    expect(estimateRun([gitStatus], ['host', 'bind'], counts)).toEqual(
      estimateRun([gitStatus], ['bind'], counts),
    );
    const npmInstall = estimatedWorkload(workloadById('npm-install'), env);
    expect(estimateRun([npmInstall], ['host', 'bind'], counts).seconds).toBeGreaterThan(
      estimateRun([npmInstall], ['bind'], counts).seconds,
    );
  });

  it('counts the host for git-status once git is on the PATH', async () => {
    // A folder of its own, so the others still see a PATH without git in any order.
    const withGit = await binWith('node', 'npm', 'git');
    const gitStatus = estimatedWorkload(workloadById('git-status'), { PATH: withGit });
    expect(gitStatus.unsupported.host).toBeUndefined();
    expect(estimateRun([gitStatus], ['host', 'bind'], counts).seconds).toBeGreaterThan(
      estimateRun([gitStatus], ['bind'], counts).seconds,
    );
  });
});
