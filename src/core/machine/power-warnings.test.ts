// Samples taken on battery, in Low Power Mode or under thermal pressure are flagged, and a result
// or a run that mixes power sources says so.
import { describe, expect, it } from 'vitest';
import type { PowerReading, WorkloadResult } from '../../shared/result-schema';
import { flagMixedPower, powerWarnings } from './power-warnings';

const AC: PowerReading = { source: 'ac', lowPower: false, thermal: 'nominal', speedLimit: null };
const BATTERY: PowerReading = { ...AC, source: 'battery' };

describe('one result’s readings', () => {
  it('all plugged in and cool: nothing to say', () => {
    expect(powerWarnings([AC, AC, AC])).toEqual([]);
  });

  it('plugged in or out halfway: the result mixes two speeds', () => {
    expect(powerWarnings([AC, AC, BATTERY])).toEqual([
      expect.stringMatching(
        /^1 of 3 samples were taken on battery power and 2 on AC power: the Mac was plugged in or out/,
      ),
    ]);
  });

  it('all on battery', () => {
    expect(powerWarnings([BATTERY, BATTERY])).toEqual([
      expect.stringMatching(/^All 2 samples were taken on battery power: macOS may lower/),
    ]);
  });

  it('Low Power Mode and thermal pressure, with how hot and how held back', () => {
    const warnings = powerWarnings([
      { ...AC, lowPower: true },
      { ...AC, thermal: 'heavy' },
      { ...AC, thermal: 'nominal', speedLimit: 60 },
      AC,
    ]);
    expect(warnings).toEqual([
      expect.stringMatching(/^1 of 4 samples were taken in Low Power Mode/),
      expect.stringMatching(
        /^2 of 4 samples were taken under thermal pressure \(thermal pressure up to heavy, the CPU held to 60 % of its speed\)/,
      ),
    ]);
  });
});

describe('a run', () => {
  const result = (power: PowerReading[]): WorkloadResult =>
    ({ warnings: [], conditions: { load: [], power } }) as unknown as WorkloadResult;

  it('one backend measured plugged in, another on battery: each says the run mixes them', () => {
    const flagged = flagMixedPower([result([AC, AC]), result([BATTERY, BATTERY])]);
    for (const r of flagged)
      expect(r.warnings).toEqual([expect.stringMatching(/^This run mixes power sources/)]);
  });

  it('all on one source: nothing added', () => {
    expect(flagMixedPower([result([AC]), result([AC])]).every((r) => r.warnings.length === 0)).toBe(true);
    expect(flagMixedPower([result([BATTERY]), result([BATTERY])]).every((r) => r.warnings.length === 0)).toBe(
      true,
    );
  });
});
