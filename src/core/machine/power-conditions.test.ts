// The Mac's power and thermal reads, parsed from the outputs macOS prints (real samples where one
// was published, docs/product-facts.md), and read at most once per interval.
import { describe, expect, it } from 'vitest';
import {
  parseCpuSpeedLimit,
  parseLowPower,
  parsePowerSource,
  parseThermalPressure,
  PowerConditionsReader,
  type CommandRunner,
} from './power-conditions';

describe('pmset -g batt', () => {
  it('a laptop on battery, as a published sample prints it', () => {
    const text =
      "Now drawing from 'Battery Power'\n -InternalBattery-0 (id=5374051)\t95%; discharging; 3:06 remaining present: true\n";
    expect(parsePowerSource(text)).toBe('battery');
  });

  it('a laptop plugged in but not charging, and a desktop with no battery line', () => {
    expect(
      parsePowerSource(
        "Now drawing from 'AC Power'\n -InternalBattery-0 (id=4653155)\t80%; AC attached; not charging present: true\n",
      ),
    ).toBe('ac');
    expect(parsePowerSource("Now drawing from 'AC Power'\n")).toBe('ac');
    expect(parsePowerSource("Now drawing from 'UPS Power'\n")).toBe('ups');
  });

  it('anything else is unknown, not AC', () => {
    expect(parsePowerSource('No power source info available\n')).toBeNull();
    expect(parsePowerSource("Now drawing from 'Solar Power'\n")).toBeNull();
  });
});

describe('pmset -g: Low Power Mode', () => {
  it('reads lowpowermode, and powermode on Macs with High Power Mode (1 is low, 2 is high)', () => {
    expect(parseLowPower('Currently in use:\n standby              1\n lowpowermode         1\n')).toBe(true);
    expect(parseLowPower('Currently in use:\n lowpowermode         0\n')).toBe(false);
    expect(parseLowPower('Currently in use:\n powermode            1\n')).toBe(true);
    expect(parseLowPower('Currently in use:\n powermode            2\n')).toBe(false);
  });

  it('a Mac without the setting says nothing about it', () => {
    expect(parseLowPower('Currently in use:\n standby              1\n sleep                1\n')).toBeNull();
  });
});

describe('thermal pressure and the CPU speed limit', () => {
  it('notifyutil names the level, 0 to 4; a failure is unknown', () => {
    expect(parseThermalPressure('com.apple.system.thermalpressurelevel 0\n')).toBe('nominal');
    expect(parseThermalPressure('com.apple.system.thermalpressurelevel 2\n')).toBe('heavy');
    expect(parseThermalPressure('com.apple.system.thermalpressurelevel 9\n')).toBeNull();
    expect(parseThermalPressure('com.apple.system.thermalpressurelevel: Failed with code 1\n')).toBeNull();
  });

  it('pmset -g therm: an Intel Mac held back, as published; Apple silicon prints only notes', () => {
    const intel =
      'Note: No thermal warning level has been recorded\nNote: No performance warning level has been recorded\n' +
      '2021-05-02 11:51:57 +0800 CPU Power notify\n\tCPU_Scheduler_Limit \t= 40\n\tCPU_Available_CPUs \t= 12\n\tCPU_Speed_Limit \t= 28\n';
    expect(parseCpuSpeedLimit(intel)).toBe(28);
    expect(
      parseCpuSpeedLimit(
        'Note: No thermal warning level has been recorded\nNote: No performance warning level has been recorded\nNote: No CPU power status has been recorded\n',
      ),
    ).toBeNull();
  });
});

describe('the reader', () => {
  it('reads the four commands once per interval, and gives null when none answered', async () => {
    let calls = 0;
    let now = 0;
    const run: CommandRunner = async (command, args) => {
      calls += 1;
      if (command === 'pmset' && args.join(' ') === '-g batt') return "Now drawing from 'Battery Power'\n";
      return null;
    };
    const reader = new PowerConditionsReader(run, 10_000, () => now);
    expect(await reader.current()).toEqual({
      source: 'battery',
      lowPower: null,
      thermal: null,
      speedLimit: null,
    });
    now = 9_999;
    await reader.current();
    expect(calls).toBe(4);
    now = 10_000;
    await reader.current();
    expect(calls).toBe(8);
    const silent = new PowerConditionsReader(
      async () => null,
      0,
      () => 0,
    );
    expect(await silent.current()).toBeNull();
  });
});
