// The workloads' real shell text on this host, as the `host` baseline runs it: once with `sh` and
// the system's tools, once with `bash --posix` (macOS's /bin/sh is bash in POSIX mode) and the
// one-true-awk that macOS ships, where the machine has it as `original-awk`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { writeHostFixture } from '../fixtures/write-host-fixture';
import { workloadById } from './registry';
import { SIZES } from '../../shared/ids';
import { describeWorkloadScripts, type ScriptEnvironment } from './test-support/workload-scripts.suite';
import { hostShell, type HostShellOptions } from './workload-shell';

const made: string[] = [];
afterAll(() => made.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `mountbench-${prefix}-`));
  made.push(dir);
  return dir;
}

function hostEnvironment(options: HostShellOptions): ScriptEnvironment {
  return {
    async lay(workload, params) {
      const dir = tempDir(workload.id);
      const fixture = workload.fixture(params);
      if (fixture) await writeHostFixture(dir, fixture);
      return hostShell(dir, options);
    },
  };
}

function onPath(command: string): string | null {
  try {
    return execFileSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

it('every shell text of every workload parses as POSIX sh, at both sizes', () => {
  const ids = [
    'small-file-read',
    'dd-write',
    'large-write',
    'buffered-read',
    'site-build',
    'metadata-walk',
    'git-status',
    'code-search',
  ] as const;
  for (const workload of ids.map(workloadById)) {
    if (workload.kind !== 'script') throw new Error(`${workload.id} is not timed by a script`);
    for (const size of SIZES) {
      const texts = [
        workload.verifyScript?.(size),
        ...workload.cases(size).flatMap((c) => [c.reset, c.script]),
      ].filter((text): text is string => text !== undefined);
      for (const text of texts) {
        expect(
          () => execFileSync('sh', ['-n', '-c', text], { stdio: 'pipe' }),
          `${workload.id}: ${text}`,
        ).not.toThrow();
      }
    }
  }
});

describeWorkloadScripts('sh and the host tools', () => hostEnvironment({}));

const bsdAwk = onPath('original-awk');
const hasBash = onPath('bash') !== null;
describeWorkloadScripts(
  'bash --posix with the one-true-awk (a BSD userland stand-in)',
  () => {
    const bin = tempDir('bsd-awk');
    symlinkSync(bsdAwk!, join(bin, 'awk'));
    return hostEnvironment({ shell: ['bash', '--posix'], pathPrefix: bin });
  },
  { skip: !bsdAwk || !hasBash },
);
