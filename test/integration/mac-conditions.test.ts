// A Mac's conditions beside every sample, on the real engine: a run on a machine that says it is
// a Mac (MOUNTBENCH_HOST) reads its power source and thermal state from `pmset` and `notifyutil`
// (their STAND-INS here: test/stand-ins/lib/power-cli.cjs, answering as macOS prints), and the Mac
// is unplugged and heats up partway through the run: each result records a reading per timed
// sample, and flags what was taken on battery and under thermal pressure.
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runFileSchema } from '../../src/shared/result-schema';
import { STAND_INS_DIR } from '../stand-ins/sandbox';
import { mountbenchChild } from '../support/mountbench-cli';
import { image, tempDir } from './support';

const root = tempDir('mac-conditions');
afterAll(() => root.remove());

describe('a run on a Mac that is unplugged and heats up partway', () => {
  it('records its conditions at every timed sample and flags the samples on battery and under pressure', async () => {
    const bin = join(root.path, 'bin');
    mkdirSync(bin);
    for (const tool of ['pmset', 'notifyutil']) symlinkSync(join(STAND_INS_DIR, tool), join(bin, tool));
    const state = join(root.path, 'power.json');
    // Plugged in for the first three reads, then on battery at heavy thermal pressure.
    writeFileSync(
      state,
      JSON.stringify({
        source: 'AC Power',
        battery: { percent: 90, state: 'charging', remaining: '0:40' },
        lowPowerKey: 'lowpowermode',
        lowPower: 0,
        thermalPressure: 0,
        after: {
          reads: 3,
          then: {
            source: 'Battery Power',
            battery: { percent: 89, state: 'discharging', remaining: '4:12' },
            thermalPressure: 2,
          },
        },
      }),
    );
    const json = join(root.path, 'run.json');
    const out = await mountbenchChild(
      [
        'run',
        '--engine',
        'default',
        '--mount',
        'bind,tmpfs',
        '--workload',
        'dd-write',
        '--size',
        'quick',
        '--runs',
        '4',
        '--warmup',
        '0',
        '--json',
        json,
      ],
      {
        ...process.env,
        PATH: `${bin}${delimiter}${process.env.PATH}`,
        MOUNTBENCH_HOST: 'darwin arm64 14.5',
        MOUNTBENCH_IMAGE: image,
        MOUNTBENCH_DATA_DIR: join(root.path, 'data'),
        MOUNTBENCH_CACHE_DIR: join(root.path, 'cache'),
        STANDIN_POWER_FILE: state,
        // Read at every sample, so the change shows within a short run (default: every ten seconds).
        MOUNTBENCH_CONDITIONS_EVERY_MS: '0',
      },
    );
    expect(out.code, out.stderr).toBe(0);
    const run = runFileSchema.parse(JSON.parse(readFileSync(json, 'utf8')));
    expect(run.results).toHaveLength(2);
    const readings = run.results.flatMap((r) => r.conditions?.power ?? []);
    // One reading a timed sample, in the order the samples were taken.
    for (const r of run.results) expect(r.conditions?.power).toHaveLength(r.stats.runs);
    expect(readings.filter((p) => p.source === 'ac')).toHaveLength(3);
    expect(readings.filter((p) => p.source === 'battery')).toHaveLength(readings.length - 3);
    expect(readings.every((p) => p.lowPower === false)).toBe(true);
    expect(new Set(readings.map((p) => p.thermal))).toEqual(new Set(['nominal', 'heavy']));
    const warnings = run.results.flatMap((r) => r.warnings).join('\n');
    expect(warnings).toMatch(/samples were taken on battery power and \d on AC power/);
    expect(warnings).toMatch(/taken under thermal pressure \(thermal pressure up to heavy\)/);
    expect(warnings).toMatch(/This run mixes power sources/);
    expect(out.stdout).toMatch(/taken on battery power/);
  });
});
