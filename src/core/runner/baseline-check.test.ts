import { release } from 'node:os';
import { describe, expect, it } from 'vitest';
import type { EngineInfo, WorkloadResult } from '../../shared/result-schema';
import { BASELINE_TOLERANCE, baselineOutcome, checkHostBaseline } from './baseline-check';

const ENGINE: EngineInfo = {
  name: 'default',
  endpoint: 'unix:///var/run/docker.sock',
  provider: 'docker-engine',
  serverVersion: '20.10.24',
  apiVersion: '1.41',
  os: 'Debian GNU/Linux 12 (bookworm)',
  osType: 'linux',
  arch: 'x86_64',
  // The plain engine of this machine: its kernel is ours, so its bind mount is our disk.
  kernelVersion: release(),
  cpus: 2,
  memoryBytes: 8e9,
};

function result(mount: 'host' | 'bind', samples: number[]): WorkloadResult {
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  return {
    backend:
      mount === 'host'
        ? { id: 'host', provider: null, variant: null, mount: 'host', label: 'host' }
        : {
            id: 'docker-engine/native/bind',
            provider: 'docker-engine',
            variant: 'native',
            mount: 'bind',
            label: 'bind mount · native',
          },
    workload: { id: 'small-file-read', size: 'quick', params: {} },
    fsType: 'ext4',
    clock: { source: 'adjtimex', resolutionSeconds: 1e-6, overheadSeconds: 0 },
    cache: 'warm',
    warmupRuns: 1,
    stats: {
      samples,
      mean,
      stddev: null,
      median: mean,
      min: Math.min(...samples),
      max: Math.max(...samples),
      runs: samples.length,
      user: null,
      system: null,
      outliers: [],
    },
    derived: {},
    warnings: [],
  };
}

const BIND = [0.1, 0.102, 0.098, 0.101, 0.099, 0.1, 0.1, 0.101];
const scaled = (k: number) => BIND.map((x) => x * k);
const hostOf = (results: WorkloadResult[]) => results.find((r) => r.backend.mount === 'host')!;

describe('checkHostBaseline', () => {
  it('agrees when the host is measurably but only slightly faster: the container’s own cost', () => {
    // What the A/A bench saw: host 0.80–1.01 × as long as the native bind mount, median 0.94.
    const host = hostOf(
      checkHostBaseline([result('host', scaled(0.9)), result('bind', BIND)], ENGINE, 'linux'),
    );
    expect(host.baselineCheck).toMatchObject({ agrees: true, tolerance: BASELINE_TOLERANCE });
    expect(host.baselineCheck!.high).toBeLessThan(1); // a point test of "ratio = 1" would have failed
    expect(host.warnings).toEqual([]);
  });

  it('fails, with the reason, when the host measures another program (many times slower)', () => {
    const host = hostOf(
      checkHostBaseline([result('host', scaled(12)), result('bind', BIND)], ENGINE, 'linux'),
    );
    expect(host.baselineCheck?.agrees).toBe(false);
    expect(host.warnings).toEqual([expect.stringMatching(/^Self-check failed: .* more than 25 % away\./)]);
  });

  it('fails just beyond the tolerance on either side, and agrees just inside it', () => {
    const check = (k: number) =>
      hostOf(checkHostBaseline([result('host', scaled(k)), result('bind', BIND)], ENGINE, 'linux'))
        .baselineCheck!.agrees;
    expect(check(1.2)).toBe(true);
    expect(check(1.4)).toBe(false);
    expect(check(1 / 1.2)).toBe(true);
    expect(check(1 / 1.4)).toBe(false);
  });

  it('agrees only when the whole interval lies inside the band, and differs only when it lies outside', () => {
    expect(baselineOutcome({ low: 0.85, high: 1.1 })).toBe('agrees');
    // The interval the old check passed: it touched the band, so it "agreed".
    expect(baselineOutcome({ low: 0.48, high: 2.21 })).toBe('too-wide');
    expect(baselineOutcome({ low: 1.1, high: 1.4 })).toBe('too-wide');
    expect(baselineOutcome({ low: 0.6, high: 0.85 })).toBe('too-wide');
    expect(baselineOutcome({ low: 1.3, high: 1.6 })).toBe('differs');
    expect(baselineOutcome({ low: 0.5, high: 0.7 })).toBe('differs');
    expect(baselineOutcome({ low: 1 / 1.25, high: 1.25 })).toBe('agrees');
  });

  it('says "not enough samples to check" for a wide interval, never that host and bind agree', () => {
    // Three noisy samples each, centred on the same time: an interval far wider than the band.
    const host = hostOf(
      checkHostBaseline(
        [result('host', [0.05, 0.1, 0.16]), result('bind', [0.06, 0.1, 0.15])],
        ENGINE,
        'linux',
      ),
    );
    const check = host.baselineCheck!;
    expect(check.high - check.low).toBeGreaterThan(0.5);
    expect(check).toMatchObject({ agrees: false, outcome: 'too-wide' });
    expect(host.warnings).toEqual([
      expect.stringMatching(/^Self-check not decided: .*not enough samples to check/),
    ]);
    expect(host.warnings.join(' ')).not.toMatch(/Self-check failed/);
  });

  it('fails on a real disagreement with a tight interval, and records the outcome', () => {
    const host = hostOf(
      checkHostBaseline([result('host', scaled(2)), result('bind', BIND)], ENGINE, 'linux'),
    );
    expect(host.baselineCheck).toMatchObject({ agrees: false, outcome: 'differs' });
    expect(host.baselineCheck!.low).toBeGreaterThan(1.25);
  });

  it('checks nothing off a plain Linux engine (a VM sits between host and bind there)', () => {
    const results = [result('host', scaled(12)), result('bind', BIND)];
    expect(checkHostBaseline(results, { ...ENGINE, provider: 'docker-desktop' }, 'linux')).toBe(results);
    expect(checkHostBaseline(results, null, 'linux')).toBe(results);
    // The plain engine of a Mac (a Linux VM) is no host filesystem either.
    expect(checkHostBaseline(results, ENGINE, 'darwin')).toBe(results);
  });

  it('checks nothing against a plain engine on another kernel, and says why on the host result', () => {
    // A Linux guest's engine behind a forwarded unix socket (the VM rig, a Lima VM): same provider
    // id and OS, another kernel, and a bind mount that crosses a share.
    const guest = { ...ENGINE, endpoint: 'unix:///tmp/vm/docker.sock', kernelVersion: '6.1.0-50-amd64' };
    const checked = checkHostBaseline(
      [result('host', scaled(12)), result('bind', BIND)],
      guest,
      'linux',
      '6.18.4',
    );
    const host = hostOf(checked);
    expect(host.baselineCheck).toBeUndefined();
    expect(host.warnings).toEqual([expect.stringMatching(/runs on another kernel \(6\.1\.0-50-amd64\)/)]);
    expect(host.warnings.join(' ')).not.toMatch(/Self-check/);
    expect(checked.find((r) => r.backend.mount === 'bind')!.warnings).toEqual([]);
    // The same engine on this machine's kernel is checked as before.
    expect(
      hostOf(
        checkHostBaseline(
          [result('host', scaled(12)), result('bind', BIND)],
          guest,
          'linux',
          '6.1.0-50-amd64',
        ),
      ).baselineCheck,
    ).toMatchObject({ outcome: 'differs' });
  });
});
