// The winner History names for a stored run. A sweep whose settings differed by no more than the
// machine drifted between them (a recorded A/A sweep under a rising load) is a tie said with the
// drift, never "equivalent": nothing showed the settings alike. Nor is a quiet A/A sweep whose
// intervals were too wide for the margin: a tie said with how fine the sweep could see.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runFileSchema } from '../../shared/result-schema';
import { roleWinnerLine } from '../../shared/verdict-words';
import { runWinner } from './run-winner';
import { sampleRun } from './test-support/run-fixture';

const RUNS = join(__dirname, '..', '..', '..', 'test', 'fixtures', 'runs');
const DRIFTED = join(RUNS, 'sweep-aa-rising-load.json');
const QUIET = join(RUNS, 'sweep-aa-quiet.json');

describe('runWinner', () => {
  it('names a tie within the drift between settings with that drift, not as equivalent', () => {
    const run = runFileSchema.parse(JSON.parse(readFileSync(DRIFTED, 'utf8')));
    const winner = runWinner(run);
    expect(winner?.state).toBe('tie');
    const main = winner?.roles?.[0];
    expect(main).toMatchObject({ role: 'source-tree', state: 'tie', drift: { source: 'passes' } });
    expect(main?.drift?.factor).toBeGreaterThan(1.1);
    expect(roleWinnerLine(main!)).toMatch(
      /^Source tree: bind mount · .+ \(no measurable difference beyond the drift between passes \(\d+\.\d\d×\): the simplest\)$/,
    );
  });

  it('names a tie finer than the sweep could see with its resolution, not as equivalent', () => {
    const run = runFileSchema.parse(JSON.parse(readFileSync(QUIET, 'utf8')));
    const main = runWinner(run)?.roles?.[0];
    expect(main).toMatchObject({ role: 'source-tree', state: 'tie' });
    expect(main?.drift).toBeUndefined();
    expect(main?.resolution).toBeGreaterThan(1.1);
    expect(roleWinnerLine(main!)).toMatch(
      /^Source tree: bind mount · .+ \(no measurable difference within what this sweep can resolve \(about \d+ %\): the simplest\)$/,
    );
  });

  it('gives no drift to an answer of a run that measured once', () => {
    const roles = runWinner(sampleRun({ id: 'run-a' }))?.roles ?? [];
    expect(roles.length).toBeGreaterThan(0);
    expect(roles.every((r) => r.drift === undefined)).toBe(true);
  });
});
