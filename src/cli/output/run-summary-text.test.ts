import { describe, expect, it } from 'vitest';
import { customProfile } from '../../core/recommend/custom-weights';
import { profileByName } from '../../core/recommend/profiles';
import { makeRow, samplesAround } from '../../core/recommend/test-support/make-row';
import { recommendPerRole } from './role-recommendations';
import { runSummaryLines } from './run-summary-text';

/** Ten samples around 1.05 s, spread ±50 %: too wide to tell from a backend at 1 s. */
const noisy = [0.55, 1.55, 0.65, 1.45, 0.75, 1.35, 0.85, 1.25, 0.95, 1.15];

describe('runSummaryLines', () => {
  it('says per role and workload who ran how many times faster than whom, with the interval, then the answer and how to apply it', () => {
    const rows = [
      makeRow({
        variant: 'native',
        label: 'bind native',
        workload: 'small-file-read',
        samples: samplesAround(1),
      }),
      makeRow({
        variant: 'fuse',
        label: 'bind FUSE',
        workload: 'small-file-read',
        samples: samplesAround(4),
      }),
      makeRow({ mount: 'volume', label: 'volume', workload: 'small-file-read', samples: samplesAround(2) }),
      makeRow({ mount: 'tmpfs', label: 'tmpfs', workload: 'small-file-read', samples: samplesAround(0.5) }),
      makeRow({ mount: 'host', workload: 'small-file-read', samples: samplesAround(0.1) }),
    ];
    const lines = runSummaryLines(recommendPerRole(rows, profileByName('balanced')), { profileGiven: false });
    // The source tree's pace is set by the native bind mount, not by tmpfs (0.5 s), which is
    // container-only data, nor by the host baseline.
    expect(lines).toContain('  source tree (host and container both edit it)');
    expect(lines.find((l) => l.includes("'bind native' ran"))).toMatch(
      /^ {4}small-file-read: 'bind native' ran 4\.00 times faster than 'bind FUSE' \(95 % interval 3\.\d\d … 4\.\d\d\)$/,
    );
    expect(lines.find((l) => l.includes("'tmpfs' ran"))).toMatch(
      /^ {4}small-file-read: 'tmpfs' ran 4\.00 times faster than 'volume' \(95 % interval 3\.\d\d … 4\.\d\d\)$/,
    );
    const answer = lines.indexOf(
      'Answer (Balanced profile: every workload counts alike; --profile weighs yours)',
    );
    expect(answer).toBeGreaterThan(0);
    expect(lines.slice(answer + 1)).toEqual([
      "  source tree: use 'bind native': fastest, measurably; 10 samples each",
      '    Nothing to change: bind mounts on a Linux engine are native.',
      "  container-only data: use 'tmpfs': fastest, measurably; 10 samples each",
      expect.stringMatching(/tmpfs/),
      expect.stringMatching(/compose\.yaml/),
      expect.stringMatching(/services:/),
      expect.stringMatching(/app:/),
      expect.stringMatching(/tmpfs:/),
      expect.stringMatching(/- \/app\/tmp/),
      expect.stringMatching(/^ {4}! A tmpfs mount lives in memory/),
    ]);
  });

  it('lists several rivals under one "\'A\' ran", as hyperfine does, and says a tie is a tie', () => {
    const rows = [
      makeRow({ variant: 'a', label: 'A', workload: 'dd-write', samples: samplesAround(1) }),
      makeRow({ variant: 'b', label: 'B', workload: 'dd-write', samples: samplesAround(2) }),
      makeRow({ variant: 'c', label: 'C', workload: 'dd-write', samples: noisy }),
    ];
    const lines = runSummaryLines(recommendPerRole(rows, customProfile({ 'dd-write': 1 })), {
      profileGiven: true,
    });
    const at = lines.indexOf("    dd-write: 'A' ran");
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 1]).toMatch(
      /^ {6}no measurable difference between 'A' and 'C' \(1\.05 × \(0\.\d\d … 1\.\d\d\) as long, p = 0\.\d{3}\)$/,
    );
    expect(lines[at + 2]).toMatch(/^ {6}2\.00 times faster than 'B' \(95 % interval 1\.\d\d … 2\.\d\d\)$/);
    expect(lines).toContain('Answer (Custom weights profile)');
    // C's interval is too wide to call the tie within 5 %: more samples would decide it.
    expect(lines.slice(lines.indexOf('Answer (Custom weights profile)') + 1)).toEqual([
      "  source tree: not decided yet between 'A', 'C'; 10 samples each; 'A' is the simplest meanwhile",
      '    Nothing to change: bind mounts on a Linux engine are native.',
    ]);
  });

  it('says why settings 1.3× apart are no measurable difference: the machine drifted more between them', () => {
    const rows = [
      {
        ...makeRow({ variant: 'vz', label: 'VZ', workload: 'dd-write', samples: samplesAround(1) }),
        passDrift: 1.6,
      },
      {
        ...makeRow({ variant: 'qemu', label: 'QEMU', workload: 'dd-write', samples: samplesAround(1.3) }),
        passDrift: 1.1,
      },
    ];
    const lines = runSummaryLines(recommendPerRole(rows, customProfile({ 'dd-write': 1 })), {
      profileGiven: true,
    });
    expect(lines).toContain(
      "    dd-write: no measurable difference between 'VZ' and 'QEMU' (1.30 × (1.28 … 1.32) as long, p < 0.001, within the machine's drift between settings (1.60×))",
    );
  });

  it('says a backend alone in its role was only measured, with nothing to compare it with', () => {
    const rows = [
      makeRow({ label: 'bind native', workload: 'small-file-read', samples: samplesAround(1) }),
      makeRow({ label: 'bind native', workload: 'dd-write', samples: samplesAround(1) }),
      makeRow({ mount: 'volume', label: 'volume', workload: 'dd-write', samples: samplesAround(2) }),
      makeRow({ mount: 'layer', label: 'layer', workload: 'dd-write', samples: samplesAround(1) }),
    ];
    const lines = runSummaryLines(recommendPerRole(rows, profileByName('balanced')), {
      profileGiven: true,
      continuation: ['  To keep measuring: …'],
    });
    expect(lines).toContain(
      "  source tree (host and container both edit it): only 'bind native' measured, nothing to compare it with",
    );
    expect(lines).toContain("  source tree: only 'bind native' was measured: nothing to compare it with");
    expect(
      lines.some((l) => l.startsWith("    dd-write: 'layer' ran 2.00 times faster than 'volume' (95 %")),
    ).toBe(true);
    expect(lines.at(-1)).toBe('  To keep measuring: …');
  });

  it('says a single run leaves significance unknown', () => {
    const rows = [
      makeRow({ variant: 'a', label: 'A', workload: 'dd-write', mean: 1, runs: 1 }),
      makeRow({ variant: 'b', label: 'B', workload: 'dd-write', mean: 3, runs: 1 }),
    ];
    const lines = runSummaryLines(recommendPerRole(rows, customProfile({ 'dd-write': 1 })), {
      profileGiven: true,
    });
    expect(lines).toContain(
      "    dd-write: 'A' ran 3.00 times faster than 'B' (single runs: significance unknown)",
    );
    expect(lines.at(-2)).toMatch(
      /^ {2}source tree: use 'A': the best figures, but single runs leave unknown/,
    );
  });

  it('prints nothing when nothing was measured', () => {
    expect(runSummaryLines([], { profileGiven: false })).toEqual([]);
  });
});

describe('runSummaryLines: where the answer loses', () => {
  it('names, under the answer, each workload where the chosen setting is measurably slower than a rival', () => {
    // A wins the profile (much faster on metadata-walk) but is measurably slower on small-file-read.
    const rows = [
      makeRow({ variant: 'a', label: 'A', workload: 'metadata-walk', samples: samplesAround(1) }),
      makeRow({ variant: 'b', label: 'B', workload: 'metadata-walk', samples: samplesAround(3) }),
      makeRow({ variant: 'a', label: 'A', workload: 'small-file-read', samples: samplesAround(1.5) }),
      makeRow({ variant: 'b', label: 'B', workload: 'small-file-read', samples: samplesAround(1) }),
    ];
    const lines = runSummaryLines(recommendPerRole(rows, profileByName('balanced')), { profileGiven: true });
    const answer = lines.findIndex((l) => l.startsWith('  source tree: use '));
    expect(lines[answer]).toMatch(/^ {2}source tree: use 'A'/);
    expect(lines[answer + 1]).toMatch(
      /^ {4}Slower where it loses: small-file-read, 1\.50 × \(1\.\d+ … 1\.\d+\) the time of B\.$/,
    );
    // B, slower everywhere it was compared, has no such line when it is the answer.
    const onlyB = runSummaryLines(
      recommendPerRole(
        rows.filter((r) => r.workload.id === 'metadata-walk'),
        profileByName('balanced'),
      ),
      {
        profileGiven: true,
      },
    );
    expect(onlyB.some((l) => l.includes('Slower where it loses'))).toBe(false);
  });
});
