import { describe, expect, it } from 'vitest';
import { customProfile } from '../../core/recommend/custom-weights';
import { profileByName } from '../../core/recommend/profiles';
import { recommend } from '../../core/recommend/recommend';
import { makeRow, samplesAround } from '../../core/recommend/test-support/make-row';
import { publishedRows } from '../../core/recommend/test-support/published-rows';
import { formatRecommendation } from './recommendation-text';

describe('formatRecommendation', () => {
  it('leads with the answer, then scores, rankings, trade-offs, what to do and caveats', () => {
    const rows = publishedRows(
      'umitron-2021',
      (r) => r.machine === 'm1pro-2021' && r.workload === 'small-file-read',
    );
    const text = formatRecommendation(
      recommend(rows, customProfile({ 'small-file-read': 1 }), { dockerDesktopVersion: '4.37.0' }),
    );
    const lines = text.split('\n');
    expect(lines[0]).toBe(
      'Recommendation for the Custom weights profile on MacBook Pro 16-inch 2021, Apple M1 Pro, 32 GB, macOS 12.0.1',
    );
    // The published mutagen figure is ten times faster than any bind mount: it wins, with its costs.
    expect(lines[1]).toBe('  Use: Docker Desktop gRPC-FUSE mutagen');
    const order = [
      'Profile score',
      'Per workload',
      'Trade-offs of Docker Desktop gRPC-FUSE mutagen',
      'What to do',
      'Caveats',
    ].map((heading) => lines.findIndex((l) => l.startsWith(heading)));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(text).toMatch(
      /^ {4}2 +Docker Desktop VirtioFS bind +5\.239 s ± 115\.0 ms +10 +11\.0 × \(10\.8 … 11\.2\) +slower \(p < 0\.001\)$/m,
    );
    expect(text).toContain('  ! mutagen needs a running sync');
    expect(text).toContain('  $ mutagen daemon start');
    expect(text).toContain('  - Published figures, not measured here:');
  });

  it('says "no measurable difference" and names the tied backends', () => {
    const same = samplesAround(1);
    const rows = [
      makeRow({ mount: 'mutagen', workload: 'dd-write', samples: same }),
      makeRow({ workload: 'dd-write', samples: same }),
    ];
    const text = formatRecommendation(recommend(rows, customProfile({ 'dd-write': 1 })));
    expect(text.split('\n')[1]).toBe(
      '  Use: docker-engine native bind (equivalent to docker-engine native mutagen)',
    );
    expect(text).toMatch(
      /docker-engine native mutagen .* 1\.00 × \(0\.99 … 1\.01\) +no measurable difference \(p = 1\.000\)/,
    );
    expect(text).toContain('  Nothing to change: bind mounts on a Linux engine are native.');
  });

  it('says beside a ranking interval that excludes 1 why it is still no measurable difference', () => {
    const rows = [
      { ...makeRow({ variant: 'vz', workload: 'dd-write', samples: samplesAround(1) }), passDrift: 1.6 },
      { ...makeRow({ variant: 'qemu', workload: 'dd-write', samples: samplesAround(1.3) }), passDrift: 1.1 },
    ];
    const text = formatRecommendation(recommend(rows, customProfile({ 'dd-write': 1 })));
    expect(text).toMatch(
      /docker-engine qemu bind .* 1\.30 × \(1\.28 … 1\.32\) +no measurable difference \(p < 0\.001, within the machine's drift between settings \(1\.60×\)\)/,
    );
  });

  it('shows backends ranked apart and the host baseline', () => {
    const rows = [
      makeRow({ variant: 'a', workload: 'small-file-read', samples: samplesAround(1) }),
      makeRow({ variant: 'a', workload: 'metadata-walk', samples: samplesAround(1) }),
      makeRow({ variant: 'b', workload: 'small-file-read', samples: samplesAround(2) }),
      makeRow({ mount: 'host', workload: 'small-file-read', samples: samplesAround(0.5) }),
    ];
    const text = formatRecommendation(recommend(rows, profileByName('rails-php')));
    expect(text).toContain(
      '  apart: docker-engine b bind (not measured on metadata-walk (50 % of the profile))',
    );
    expect(text).toContain('    host baseline (host): 500.0 ms');
  });

  it('prints no answer when there is no data', () => {
    const text = formatRecommendation(
      recommend([makeRow({ workload: 'dd-write', mean: 1 })], profileByName('static-site')),
    );
    expect(text.split('\n').slice(0, 3)).toEqual([
      'Recommendation for the Static site build profile on Machine machine-a (Test chip)',
      '  No recommendation.',
      '  No backend was measured on the workloads the Static site build profile weighs.',
    ]);
  });
});
