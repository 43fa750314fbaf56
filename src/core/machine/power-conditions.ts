// A Mac's power and thermal conditions, read while it measures: on battery, in Low Power Mode or
// under thermal pressure a Mac runs slower, and a sample taken so is not comparable with one on
// AC at full speed (docs/methodology.md, "The conditions of every sample"). Read from the
// commands macOS ships, whose outputs are in docs/product-facts.md with their sources:
// - `pmset -g batt`: "Now drawing from 'AC Power'" (or 'Battery Power', 'UPS Power') first;
// - `pmset -g`: " lowpowermode 1" under "Currently in use", or " powermode N" on Macs with High
//   Power Mode (0 automatic, 1 low power, 2 high power); absent where unsupported;
// - `notifyutil -g com.apple.system.thermalpressurelevel`: "<key> N", 0–4 = nominal, moderate,
//   heavy, trapping, sleeping (the signal powermetrics reports; no root needed);
// - `pmset -g therm`: on Intel Macs "CPU_Speed_Limit = N" (per cent) once the CPU was limited;
//   Apple silicon prints only "Note: No … has been recorded".
// Every output is untrusted: bounded, parsed line by line, and a reading nothing recognises is null.
import { execFile } from 'node:child_process';
import type { PowerReading, ThermalPressure } from '../../shared/result-schema';
import { THERMAL_PRESSURES } from '../../shared/result-schema';
import { parseHostOverride } from './host-override';

export type { PowerReading, ThermalPressure };

const MAX_OUTPUT = 64 * 1024;

/** "Now drawing from 'Battery Power'" → battery; null when the line is not there. */
export function parsePowerSource(batt: string): PowerReading['source'] {
  const found = /^Now drawing from '([^'\n]{1,40})'/m.exec(batt.slice(0, MAX_OUTPUT));
  switch (found?.[1]) {
    case 'AC Power':
      return 'ac';
    case 'Battery Power':
      return 'battery';
    case 'UPS Power':
      return 'ups';
    default:
      return null;
  }
}

/** Low Power Mode from `pmset -g`: `lowpowermode 1`, or `powermode 1` (2 is High Power). */
export function parseLowPower(settings: string): boolean | null {
  const text = settings.slice(0, MAX_OUTPUT);
  const low = /^\s*lowpowermode\s+(\d+)\s*$/m.exec(text);
  if (low) return low[1] === '1';
  const mode = /^\s*powermode\s+(\d+)\s*$/m.exec(text);
  if (mode) return mode[1] === '1';
  return null;
}

/** `com.apple.system.thermalpressurelevel 2` → heavy; null for anything else. */
export function parseThermalPressure(notify: string): ThermalPressure | null {
  const found = /^com\.apple\.system\.thermalpressurelevel (\d{1,3})\s*$/m.exec(notify.slice(0, MAX_OUTPUT));
  const level = found ? Number.parseInt(found[1], 10) : NaN;
  return THERMAL_PRESSURES[level] ?? null;
}

/** `\tCPU_Speed_Limit \t= 60` → 60; null when no CPU power status was recorded. */
export function parseCpuSpeedLimit(therm: string): number | null {
  const found = /^\s*CPU_Speed_Limit\s*=\s*(\d{1,3})\s*$/m.exec(therm.slice(0, MAX_OUTPUT));
  if (!found) return null;
  const limit = Number.parseInt(found[1], 10);
  return limit >= 0 && limit <= 100 ? limit : null;
}

/** Runs a command and gives its stdout, or null on any failure; bounded in time and size. */
export type CommandRunner = (command: string, args: readonly string[]) => Promise<string | null>;

/** Commands found on `env`'s PATH (a stand-in's in tests), never through a shell. */
export function commandRunner(env: NodeJS.ProcessEnv = process.env): CommandRunner {
  return (command, args) =>
    new Promise((resolve) => {
      execFile(
        command,
        [...args],
        { timeout: 3000, maxBuffer: MAX_OUTPUT, encoding: 'utf8', env },
        (err, stdout) => resolve(err ? null : stdout),
      );
    });
}

/** One reading of every condition; null when not one of them could be read. */
export async function readPowerConditions(run: CommandRunner): Promise<PowerReading | null> {
  const [batt, settings, notify, therm] = await Promise.all([
    run('pmset', ['-g', 'batt']),
    run('pmset', ['-g']),
    run('notifyutil', ['-g', 'com.apple.system.thermalpressurelevel']),
    run('pmset', ['-g', 'therm']),
  ]);
  const reading: PowerReading = {
    source: batt === null ? null : parsePowerSource(batt),
    lowPower: settings === null ? null : parseLowPower(settings),
    thermal: notify === null ? null : parseThermalPressure(notify),
    speedLimit: therm === null ? null : parseCpuSpeedLimit(therm),
  };
  return Object.values(reading).every((v) => v === null) ? null : reading;
}

/** How long a reading stands for the samples after it: conditions change over minutes, not ms. */
export const CONDITIONS_EVERY_MS = 10_000;

/**
 * The latest reading, read again once it is older than `everyMs`: four short commands at most
 * every ten seconds, never between a sample's start and end (the caller awaits it before).
 */
export class PowerConditionsReader {
  private last: { at: number; reading: PowerReading | null } | null = null;

  constructor(
    private readonly run: CommandRunner = commandRunner(),
    private readonly everyMs = CONDITIONS_EVERY_MS,
    private readonly now: () => number = Date.now,
  ) {}

  async current(): Promise<PowerReading | null> {
    const at = this.now();
    if (this.last && at - this.last.at < this.everyMs) return this.last.reading;
    const reading = await readPowerConditions(this.run);
    this.last = { at, reading };
    return reading;
  }
}

/**
 * The reader for a run on this machine: a Mac's (or a machine MOUNTBENCH_HOST says is one), else
 * null. MOUNTBENCH_CONDITIONS_EVERY_MS sets how long a reading stands (0 to 600000 ms; default ten
 * seconds): tests read at every sample to see a change within a short run.
 */
export function macConditionsReader(env: NodeJS.ProcessEnv = process.env): PowerConditionsReader | null {
  const platform = parseHostOverride(env.MOUNTBENCH_HOST)?.platform ?? process.platform;
  if (platform !== 'darwin') return null;
  const every = Number.parseInt(env.MOUNTBENCH_CONDITIONS_EVERY_MS ?? '', 10);
  const everyMs = Number.isInteger(every) && every >= 0 && every <= 600_000 ? every : CONDITIONS_EVERY_MS;
  return new PowerConditionsReader(commandRunner(env), everyMs);
}
