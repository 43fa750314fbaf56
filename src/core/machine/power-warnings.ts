// What a Mac's conditions while it measured mean for the figures (power-conditions.ts): a sample
// taken on battery, in Low Power Mode or under thermal pressure is flagged, not dropped, as
// hyperfine flags its outliers; a result or a run that mixes conditions says so.
import type { PowerReading, WorkloadResult } from '../../shared/result-schema';
import { THERMAL_PRESSURES } from '../../shared/result-schema';

const onBattery = (r: PowerReading) => r.source === 'battery';
const pluggedIn = (r: PowerReading) => r.source === 'ac' || r.source === 'ups';

/** Thermal pressure above nominal, or an Intel CPU held below its full speed. */
export function underThermalPressure(r: PowerReading): boolean {
  return (r.thermal !== null && r.thermal !== 'nominal') || (r.speedLimit !== null && r.speedLimit < 100);
}

function count(k: number, n: number): string {
  return k === n ? (n === 1 ? 'The sample was' : `All ${n} samples were`) : `${k} of ${n} samples were`;
}

/** The warnings of one result's readings (one per timed sample); none where all was well. */
export function powerWarnings(readings: readonly PowerReading[]): string[] {
  const n = readings.length;
  if (n === 0) return [];
  const warnings: string[] = [];
  const battery = readings.filter(onBattery).length;
  const plugged = readings.filter(pluggedIn).length;
  if (battery > 0 && plugged > 0)
    warnings.push(
      `${count(battery, n)} taken on battery power and ${plugged} on AC power: the Mac was plugged in or ` +
        'out while this was measured, so these figures mix two speeds.',
    );
  else if (battery > 0)
    warnings.push(
      `${count(battery, n)} taken on battery power: macOS may lower a Mac's performance on battery, so ` +
        'these figures may not compare with figures taken plugged in.',
    );
  const lowPower = readings.filter((r) => r.lowPower === true).length;
  if (lowPower > 0)
    warnings.push(
      `${count(lowPower, n)} taken in Low Power Mode, which lowers the Mac's speed: these figures are ` +
        'slower than it can do.',
    );
  const pressured = readings.filter(underThermalPressure);
  if (pressured.length > 0) {
    const worst = pressured.reduce(
      (w, r) => Math.max(w, r.thermal === null ? 0 : THERMAL_PRESSURES.indexOf(r.thermal)),
      0,
    );
    const limits = pressured.flatMap((r) =>
      r.speedLimit !== null && r.speedLimit < 100 ? [r.speedLimit] : [],
    );
    const how = [
      ...(worst > 0 ? [`thermal pressure up to ${THERMAL_PRESSURES[worst]}`] : []),
      ...(limits.length ? [`the CPU held to ${Math.min(...limits)} % of its speed`] : []),
    ].join(', ');
    warnings.push(
      `${count(pressured.length, n)} taken under thermal pressure (${how}): the Mac was throttling, so ` +
        'these figures are slower than it can do and may not compare with the others.',
    );
  }
  return warnings;
}

/** What kind of power a result's samples were taken on: one kind, or a mix. */
function powerKind(result: WorkloadResult): 'ac' | 'battery' | 'mixed' | null {
  const readings = result.conditions?.power ?? [];
  const battery = readings.some(onBattery);
  const plugged = readings.some(pluggedIn);
  return battery && plugged ? 'mixed' : battery ? 'battery' : plugged ? 'ac' : null;
}

/**
 * The run's results, each with a warning when the run mixes power sources across them (one
 * backend measured plugged in, another on battery): a comparison between them is then a
 * comparison of conditions as well.
 */
export function flagMixedPower(results: readonly WorkloadResult[]): WorkloadResult[] {
  const kinds = new Set(results.map(powerKind).filter((k) => k !== null));
  if (kinds.size < 2 && !kinds.has('mixed')) return [...results];
  const warning =
    'This run mixes power sources: some of its samples were taken on battery and some plugged in, so ' +
    'its figures compare conditions as well as backends. Measure again plugged in to be sure.';
  return results.map((r) =>
    powerKind(r) === null || r.warnings.includes(warning) ? r : { ...r, warnings: [...r.warnings, warning] },
  );
}
