import { describe, expect, it } from 'vitest';
import { profileByName } from '../../core/recommend/profiles';
import { recommend } from '../../core/recommend/recommend';
import { makeRow, samplesAround } from '../../core/recommend/test-support/make-row';
import { backendMatches, failIfNot } from './fail-if-not';

const balanced = profileByName('balanced');

describe('--fail-if-not', () => {
  it('names a backend by key, by the end of its key, or by its label', () => {
    const backend = makeRow({
      workload: 'dd-write',
      mount: 'tmpfs',
      label: 'Engine tmpfs',
      samples: [1],
    }).backend;
    expect(backend.key).toBe('docker-engine/native/tmpfs');
    for (const target of ['docker-engine/native/tmpfs', 'native/tmpfs', 'TMPFS', 'engine tmpfs']) {
      expect(backendMatches(backend, target)).toBe(true);
    }
    for (const target of ['', 'mpfs', 'native', 'docker-engine/native/bind']) {
      expect(backendMatches(backend, target)).toBe(false);
    }
  });

  it('passes when the clear winner is the target, fails with the winner named otherwise', () => {
    const rows = [
      makeRow({ workload: 'dd-write', mount: 'tmpfs', label: 'tmpfs', samples: samplesAround(1) }),
      makeRow({ workload: 'dd-write', mount: 'volume', label: 'volume', samples: samplesAround(3) }),
    ];
    const rec = recommend(rows, balanced);
    expect(rec.verdict).toBe('winner');
    expect(failIfNot(rec, 'tmpfs')).toBeNull();
    expect(failIfNot(rec, 'volume')).toBe(
      '--fail-if-not volume: the recommendation is tmpfs (docker-engine/native/tmpfs)',
    );
  });

  it('passes for any backend tied with the leader: noise must not fail a job', () => {
    const rows = [
      makeRow({ workload: 'dd-write', mount: 'bind', label: 'bind', samples: [1.0, 1.3, 0.7, 1.2, 0.8] }),
      makeRow({
        workload: 'dd-write',
        mount: 'mutagen',
        label: 'mutagen',
        samples: [1.01, 1.31, 0.71, 1.21, 0.81],
      }),
    ];
    const rec = recommend(rows, balanced);
    // Intervals this wide leave it "not decided yet" (a tie needs them within ±5 %): still no failure.
    expect(rec.verdict).toBe('not-decided');
    expect(failIfNot(rec, 'bind')).toBeNull();
    expect(failIfNot(rec, 'mutagen')).toBeNull();
    expect(failIfNot(rec, 'tmpfs')).toMatch(/the recommendation is .* or /);
  });
});
