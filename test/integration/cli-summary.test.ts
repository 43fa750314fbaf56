// `mountbench run` ends on the answer: the CLI's Quick run (quick size, racing) of the native bind
// mount against the FUSE share, on the real engine, read as a user reads the terminal's last lines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountbenchChild, type ChildOutcome } from '../support/mountbench-cli';
import { fuseMountsBelow, tempDir } from './support';

const data = tempDir('cli-summary-data');
const cache = tempDir('cli-summary-cache');
afterAll(() => {
  data.remove();
  cache.remove();
});

const env = { ...process.env, MOUNTBENCH_DATA_DIR: data.path, MOUNTBENCH_CACHE_DIR: cache.path };
/** Native bind against bindfs for the source tree, tmpfs alone for container-only data. */
const QUICK = ['run', '--variant', 'native,fuse', '--mount', 'bind,tmpfs', '--size', 'quick', '--race'];

const lastLines = (text: string, n: number) => text.trimEnd().split('\n').slice(-n);
/** The race's pair-by-pair lines (race-text): its rule, and "X takes … as long as Y: decided". */
const RACE_DIAGNOSTICS =
  /^racing: at least \d+ and at most \d+ samples|^ {4}.+ takes .+ as long as .+: (decided|not decided yet)$/m;

describe('mountbench run: the Quick run ends on the answer', () => {
  let plain: ChildOutcome;
  let verbose: ChildOutcome;

  beforeAll(async () => {
    plain = await mountbenchChild(
      [...QUICK, '--workload', 'small-file-read,dd-write', '--max-runs', '10'],
      env,
    );
    verbose = await mountbenchChild(
      [...QUICK, '--workload', 'small-file-read', '--max-runs', '6', '--verbose'],
      env,
    );
  }, 600_000);

  it('prints the plan and its estimate before measuring', () => {
    expect(plain.code).toBe(0);
    const lines = plain.stderr.split('\n');
    expect(lines[0]).toBe(
      'plan: 3 backend(s) × 2 workload(s), quick size, racing: 3 to 10 runs until decided, 1 warm-up',
    );
    expect(lines[1]).toBe('  backends: bind mount · native, tmpfs, bind mount · FUSE share (bindfs)');
    expect(lines[3]).toMatch(/^ {2}estimated time: ~\S+ to \S+ \(from the fixture sizes/);
    expect(lines.findIndex((l) => l.startsWith('done '))).toBeGreaterThan(3);
  });

  it('holds the answer in its last 15 lines: fastest per role, ratios with intervals, the recommendation', () => {
    const last = lastLines(plain.stdout, 15);
    const text = last.join('\n');
    expect(last).toContain(
      'Summary (per role and workload: the fastest, and how much faster than the others)',
    );
    expect(last).toContain('  source tree (host and container both edit it)');
    // Per workload, the fastest of the source tree named first, every rival with its interval.
    for (const workload of ['small-file-read', 'dd-write']) {
      const line = last.find((l) => l.startsWith(`    ${workload}: `));
      expect(line, workload).toMatch(
        new RegExp(
          `^ {4}${workload}: ('.+' ran \\d+(\\.\\d+)? times faster than '.+' \\(95 % interval \\d+(\\.\\d+)? … \\d+(\\.\\d+)?\\)` +
            `|no measurable difference between '.+' and '.+' \\(\\d+(\\.\\d+)? × \\(\\d+(\\.\\d+)? … \\d+(\\.\\d+)?\\) as long, p [=<] [\\d.]+\\))$`,
        ),
      );
    }
    // bindfs is many times slower at reading small files than the native bind mount.
    expect(text).toMatch(
      /^ {4}small-file-read: 'bind mount · native' ran \d+(\.\d+)? times faster than 'bind mount · FUSE share \(bindfs\)' \(95 % interval/m,
    );
    expect(text).toContain(
      "  container-only data (dependencies, caches, databases, scratch): only 'tmpfs' measured, nothing to compare it with",
    );
    // The recommendation: the answer per role and what applies it.
    expect(last).toContain('Answer (Balanced profile: every workload counts alike; --profile weighs yours)');
    expect(text).toMatch(/^ {2}source tree: (use 'bind mount · native': |not decided yet between )/m);
    expect(text).toContain('    Nothing to change: bind mounts on a Linux engine are native.');
    expect(text).toContain("  container-only data: only 'tmpfs' was measured: nothing to compare it with");
  });

  it("keeps the race's pair-by-pair diagnostics out without --verbose, and prints them with it", () => {
    expect(plain.stdout).not.toMatch(RACE_DIAGNOSTICS);
    expect(verbose.code).toBe(0);
    expect(verbose.stdout).toMatch(/^racing: at least 3 and at most 6 samples/m);
    expect(verbose.stdout).toMatch(
      /^ {4}bind mount · (native|FUSE share \(bindfs\)) takes .+ as long as bind mount · (native|FUSE share \(bindfs\)): (decided|not decided yet)$/m,
    );
    // Still ending on the answer.
    expect(lastLines(verbose.stdout, 15).join('\n')).toMatch(/^Answer \(Balanced profile/m);
  });

  it('leaves no FUSE share mounted', () => {
    expect(fuseMountsBelow(cache.path)).toEqual([]);
  });
});
