// Keep measuring: a colleague's race that stopped before it was decided, imported and opened in
// Results, offers to keep measuring; one click runs the open race again on the real engine with
// the file's settings, on exactly the backends still racing, and stores it as a run of its own.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunFile } from '../../src/shared/result-schema';
import { showTab, tid, waitForRunEnd, waitForSetup } from '../support/dashboard';
import { currentEngine, leftoversOf } from '../support/engine';
import { expect, test } from '../support/fixtures';
import { cliRun } from '../support/result-files';
import { sandboxDirs, sandboxEnv } from '../support/sandbox-dirs';
import { snap } from '../support/screens';

const VOLUME = 'docker-engine/native/volume';
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const TMPFS = 'docker-engine/native/tmpfs';
// A real race of two container-data backends: three samples each at most, then it stops.
const RACE_ARGS = [
  '--mount',
  'volume,tmpfs',
  '--workload',
  'dd-write',
  '--size',
  'quick',
  '--race',
  '--min-runs',
  '3',
  '--max-runs',
  '3',
  '--warmup',
  '0',
];

/**
 * A race file whose dd-write race is open. Whether three samples decide volume against tmpfs here
 * depends on the machine, so the race is written as stopped when its time budget ran out with both
 * still in (what a run with a short --budget leaves): every other field is the real run's. (A race
 * that reached its cap is answered in words of what it could resolve, and offers Keep measuring
 * too: shared/continuation.ts.)
 */
async function openRaceFile(path: string): Promise<RunFile> {
  const dirs = sandboxDirs('keep-measuring-cli');
  try {
    await cliRun(path, sandboxEnv(dirs), RACE_ARGS);
  } finally {
    dirs.remove();
  }
  const run = JSON.parse(readFileSync(path, 'utf8')) as RunFile;
  expect(run.race?.workloads.map((w) => w.role)).toEqual(['container-data']);
  const open: RunFile = {
    ...run,
    race: {
      ...run.race!,
      workloads: run.race!.workloads.map((w) => ({
        ...w,
        outcome: 'budget' as const,
        exits: [VOLUME, TMPFS].map((backendId) => ({ backendId, round: 3, reason: 'budget' as const })),
      })),
    },
  };
  writeFileSync(path, JSON.stringify(open, null, 2));
  return open;
}

test('keep measuring: an open race imported, continued on the real engine, stored as its own run', async ({
  dashboard,
}, testInfo) => {
  const { page, resultsDir, ownerPid } = dashboard;
  const docker = await currentEngine();
  const file = testInfo.outputPath('open-race.json');
  const open = await openRaceFile(file);

  await waitForSetup(page);
  await showTab(page, 'history');
  await tid(page, 'import-input').setInputFiles(file);
  await expect(tid(page, 'import-status')).toContainText(open.id);
  // Three samples may or may not put one backend ahead here: History names the leader "for now"
  // either way, and the verdict must name the same one (the simplest of a tie, or the one ahead).
  const winner = tid(page, `history-winner-${open.id}`);
  await expect(winner).toHaveText(/^Container-only data: not decided yet \((named volume|tmpfs) for now\)$/);
  const leader = escapeRegExp(/\((.+) for now\)/.exec((await winner.textContent()) ?? '')?.[1] ?? '?');
  await tid(page, `history-open-${open.id}`).click();

  // The verdict says it is not decided (as History's winner column does), and offers exactly the
  // open race.
  await expect(tid(page, 'verdict-sentence')).toHaveText(
    new RegExp(
      `^Not decided yet(?: between .+: the race on dd-write stopped before the figures told them apart; ${leader} for container-only data is the simplest of them meanwhile` +
        `|: ${leader} leads \\(.+ took .+ as long\\), but the race on dd-write stopped before the figures told the backends apart)\\.$`,
    ),
  );
  await expect(tid(page, 'keep-measuring')).toBeEnabled();
  await expect(tid(page, 'keep-measuring-what')).toHaveText(
    "1 workload (dd-write) on 2 backends not decided yet, with this run's settings",
  );
  await snap(testInfo, page, 'keep-measuring-offer', { fullPage: false });
  const before = new Set(readdirSync(resultsDir));
  await tid(page, 'keep-measuring').click();
  expect(await waitForRunEnd(page)).toBe('Completed');

  // Stored as a new run: the same workload, size and racing rule, on the two backends still in.
  const added = readdirSync(resultsDir).filter((name) => !before.has(name) && !name.startsWith('.'));
  expect(added).toHaveLength(1);
  const continued = JSON.parse(readFileSync(join(resultsDir, added[0]), 'utf8')) as RunFile;
  expect(continued.id).not.toBe(open.id);
  expect(continued.status).toBe('completed');
  expect(new Set(continued.results.map((r) => r.backend.id))).toEqual(new Set([VOLUME, TMPFS]));
  expect(continued.results.every((r) => r.workload.id === 'dd-write' && r.workload.size === 'quick')).toBe(
    true,
  );
  expect(continued.race?.rule).toMatchObject({ minSamples: 3, maxSamples: 3 });
  expect(continued.results.every((r) => r.stats.samples.length >= 1 && r.stats.samples.length <= 3)).toBe(
    true,
  );

  // Results shows the new run, and nothing of it is left on the engine.
  await showTab(page, 'results');
  await expect(tid(page, 'results-run-select')).toHaveValue(continued.id);
  await expect(tid(page, 'verdict-sentence')).toBeVisible();
  await snap(testInfo, page, 'keep-measuring-continued', { fullPage: false });
  await expect.poll(async () => leftoversOf(docker, ownerPid)).toEqual({ containers: [], volumes: [] });
});
