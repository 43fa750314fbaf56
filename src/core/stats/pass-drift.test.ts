// The drift rule between settings of a bracketed sweep, on summaries: it applies only across
// settings, only to a difference no larger than the drift, and the drift is read from the passes.
import { describe, expect, it } from 'vitest';
import { compareBeyondDrift, driftOf, passDriftOf, type DriftSide } from './pass-drift';

function side(fileSharing: string, mean: number, passDrift?: number): DriftSide {
  return {
    backend: { provider: 'docker-desktop', fileSharing },
    mean,
    stddev: mean * 0.02,
    runs: 6,
    ...(passDrift !== undefined ? { passDrift } : {}),
  };
}

describe('the drift between passes', () => {
  it('is the passes’ means apart, whichever moved up', () => {
    expect(passDriftOf(1, 1.25)).toBeCloseTo(1.25);
    expect(passDriftOf(1.25, 1)).toBeCloseTo(1.25);
    expect(passDriftOf(0, 1)).toBeNull();
  });

  it('counts only between two settings of one product, the larger of the two', () => {
    expect(driftOf(side('vz-grpcfuse', 1, 1.3), side('qemu-grpcfuse', 1, 1.1))?.factor).toBeCloseTo(1.3);
    expect(driftOf(side('vz-grpcfuse', 1, 1.3), side('qemu-grpcfuse', 1, 1.1))?.source).toBe('passes');
    // One setting's backends ran interleaved in one run: no restart between them.
    expect(driftOf(side('vz-grpcfuse', 1, 1.3), side('vz-grpcfuse', 1, 1.3))).toBeNull();
    // Measured once: nothing to judge against.
    expect(driftOf(side('vz-grpcfuse', 1), side('qemu-grpcfuse', 1))).toBeNull();
  });
});

describe('a difference between settings', () => {
  it('no larger than the drift is no measurable difference, though Welch’s test calls it', () => {
    const c = compareBeyondDrift(side('qemu-grpcfuse', 1.2, 1.3), side('vz-grpcfuse', 1, 1.05));
    expect(c.verdict).toBe('no-measurable-difference');
    expect(c.withinDrift).toEqual({ factor: 1.3, source: 'passes' });
    // The interval Welch's test read stays, and still excludes 1.
    expect(c.interval?.low).toBeGreaterThan(1);
  });

  it('larger than the drift stands', () => {
    const c = compareBeyondDrift(side('qemu-grpcfuse', 2, 1.3), side('vz-grpcfuse', 1, 1.05));
    expect(c.verdict).toBe('slower');
    expect(c.withinDrift).toBeNull();
  });

  it('within one setting stands, however far its passes moved', () => {
    const a = {
      ...side('vz-grpcfuse', 1.2, 1.5),
      backend: { provider: 'docker-desktop' as const, fileSharing: 'vz-grpcfuse' },
    };
    expect(compareBeyondDrift(a, side('vz-grpcfuse', 1, 1.5)).verdict).toBe('slower');
  });
});

describe('a difference between settings beside a control', () => {
  const control = (mean: number) => ({ mean, stddev: mean * 0.02, runs: 6 });
  const withControl = (fileSharing: string, mean: number, controlMean: number): DriftSide => ({
    ...side(fileSharing, mean),
    control: control(controlMean),
  });

  it('that the control moved by as well is no measurable difference, said as the control’s', () => {
    // The machine ran 30 % slower under the second setting: the host baseline beside it says so.
    const c = compareBeyondDrift(withControl('qemu-grpcfuse', 1.3, 0.13), withControl('vz-grpcfuse', 1, 0.1));
    expect(compareBeyondDrift(side('qemu-grpcfuse', 1.3), side('vz-grpcfuse', 1)).verdict).toBe('slower');
    expect(c.verdict).toBe('no-measurable-difference');
    expect(c.withinDrift?.source).toBe('control');
    expect(c.withinDrift?.factor).toBeCloseTo(1.3);
  });

  it('beyond what the control moved stands', () => {
    const c = compareBeyondDrift(withControl('qemu-grpcfuse', 2.6, 0.13), withControl('vz-grpcfuse', 1, 0.1));
    expect(c.verdict).toBe('slower');
    expect(c.drift).toEqual({ factor: expect.closeTo(1.3, 5) as number, source: 'control' });
  });

  it('a control that did not move leaves the difference as Welch’s test read it', () => {
    const c = compareBeyondDrift(withControl('qemu-grpcfuse', 1.3, 0.1), withControl('vz-grpcfuse', 1, 0.1));
    expect(c.verdict).toBe('slower');
  });

  it('a control on another filesystem under the other setting was touched by it: not used', () => {
    const on = (fileSharing: string, mean: number, controlMean: number, fsType: string): DriftSide => ({
      ...side(fileSharing, mean),
      control: { ...control(controlMean), fsType },
    });
    const c = compareBeyondDrift(
      on('qemu-osxfs', 1.3, 0.13, 'fuse.osxfs'),
      on('vz-grpcfuse', 1, 0.1, 'fuse.grpcfuse'),
    );
    expect(c.verdict).toBe('slower');
    expect(c.drift).toBeNull();
  });
});
