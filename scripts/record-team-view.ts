// Records what the real core answers to `team.view` over a planted dataset, for the renderer's
// tests (src/renderer/src/test-support/recorded-team-view.ts): six machines on two Docker Desktop
// releases that ship the same engine (4.37.1 and 4.37.2, both 27.4.0), a regression planted in
// small-file-read on VirtioFS, a noise-level change in dd-write on a named volume, and one broken
// file. The dataset's folder is replaced, so no machine path is kept.
// Run: npx tsx scripts/record-team-view.ts
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { teamDataset, writeTeamDataset } from '../src/core/team/test-support/team-dataset';
import { viewTeam } from '../src/core/team/view-team';

const OUT = join(__dirname, '..', 'src', 'renderer', 'src', 'test-support', 'recorded-team-view.ts');

async function main(): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'mountbench-record-team-'));
  try {
    const runs = teamDataset({
      machines: 6,
      runsPerVersion: 1,
      versions: ['4.37.1', '4.37.2'],
      engineOf: { '4.37.1': '27.4.0', '4.37.2': '27.4.0' },
      changes: [
        {
          workload: 'small-file-read',
          backendId: 'docker-desktop/vz-virtiofs/bind',
          version: '4.37.2',
          factor: 1.3,
        },
        {
          workload: 'dd-write',
          backendId: 'docker-desktop/vz-virtiofs/volume',
          version: '4.37.2',
          factor: 1.002,
        },
      ],
    });
    await writeTeamDataset(root, runs);
    await writeFile(join(root, 'machines', runs[0].machineId, 'broken-run.json'), '{"schema": ');
    const view = await viewTeam(root, { here: { machine: runs[0].run.machine, provider: 'docker-desktop' } });
    const text = JSON.stringify({ ...view, folder: '<dataset>' });
    await writeFile(
      OUT,
      [
        '// What the real core answered to team.view over a planted dataset (scripts/record-team-view.ts):',
        '// six machines on two Docker Desktop releases with one engine (4.37.1, 4.37.2), a regression planted',
        '// in small-file-read on VirtioFS, a noise-level change in dd-write on a named volume (not flagged),',
        '// one broken file refused.',
        "import type { TeamView } from '../../../shared/team-view';",
        '',
        '// prettier-ignore',
        `export const TEAM_VIEW: TeamView = ${text};`,
        '',
      ].join('\n'),
    );
    console.log(
      `wrote ${OUT}: ${view.analysis.runs} runs, ${view.analysis.changes.length} change(s), ${view.refused.length} refused`,
    );
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

void main();
