// @vitest-environment jsdom
// One verdict per role, true to the table, in the card, the strip and History: the source tree's
// lone bind mount is its "only option measured", never "Fastest", while the tmpfs 2.3 × faster wins
// container-only data in its own table; "Fastest, measurably" only for a real win.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RunSummary } from '../../../shared/api';
import type { Recommendation } from '../../../shared/recommendation';
import type { RunFile } from '../../../shared/result-schema';
import type { Role } from '../../../shared/roles';
import { seededRandom } from '../../../shared/seeded-random';
import { profileByName, recommend } from '../../../core/recommend';
import { makeRow } from '../../../core/recommend/test-support/make-row';
import { sampleRun } from '../../../core/store/test-support/run-fixture';
import { runCardModel } from '../lib/share-card-model';
import { verdictOf } from '../lib/verdict';
import { renderWith } from '../test-support/render';
import { HistoryRow } from './HistoryRow';
import { RecommendationCard } from './RecommendationCard';
import { VerdictStrip } from './VerdictStrip';

function noisy(seed: number, centre: number, n = 10): number[] {
  const random = seededRandom(seed);
  return Array.from({ length: n }, () => centre * (1 + 0.05 * (random() * 2 - 1)));
}

const projectRun = recommend(
  [
    makeRow({
      mount: 'bind',
      label: 'bind mount · native',
      workload: 'small-file-read',
      samples: noisy(1, 2.3),
    }),
    makeRow({ mount: 'tmpfs', label: 'tmpfs', workload: 'small-file-read', samples: noisy(2, 1) }),
    makeRow({ mount: 'volume', label: 'named volume', workload: 'small-file-read', samples: noisy(3, 1.6) }),
  ],
  profileByName('balanced'),
);

// Two bind mounts (native 3 × faster than FUSE) and a volume: a real win for the source tree.
const twoBinds = recommend(
  [
    makeRow({
      mount: 'bind',
      label: 'bind mount · native',
      workload: 'small-file-read',
      samples: noisy(4, 1),
    }),
    makeRow({
      mount: 'bind',
      variant: 'fuse',
      label: 'bind mount · FUSE',
      workload: 'small-file-read',
      samples: noisy(5, 3),
    }),
    makeRow({ mount: 'volume', label: 'named volume', workload: 'small-file-read', samples: noisy(6, 0.5) }),
  ],
  profileByName('balanced'),
);

function card(rec: Recommendation, openRoles: Role[] = []) {
  return renderWith(
    <RecommendationCard
      profile="balanced"
      onProfile={() => {}}
      status="ready"
      error={null}
      recommendation={rec}
      openRoles={openRoles}
    />,
  );
}

const run = { preset: null, results: [], race: undefined } as unknown as RunFile;

/** The backends a role's score table lists, top to bottom. */
function tableOrder(role: string): string[] {
  const table = screen.getByTestId(`recommendation-scores-${role}`);
  return within(table)
    .getAllByRole('rowheader')
    .map((th) => th.textContent ?? '');
}

describe('the recommendation card, per role', () => {
  it('calls the lone bind mount the only option measured for the source tree, never the fastest', () => {
    card(projectRun);
    expect(screen.getByTestId('recommendation-verdict').textContent).toBe(
      'Only option measured for the source tree',
    );
    expect(screen.getByTestId('recommendation-choice').textContent).toBe('bind mount · native');
    expect(screen.getByTestId('role-source-tree').textContent).toMatch(
      /^Source tree: bind mount · native \(only option measured: nothing to compare it with\)/,
    );
    expect(screen.getByTestId('role-container-data').textContent).toMatch(
      /^Container-only data: tmpfs \(fastest, measurably\)/,
    );
    // Each role ranked in its own table: tmpfs tops container-only data, not the source tree.
    expect(tableOrder('source-tree')).toEqual(['bind mount · native']);
    expect(tableOrder('container-data')).toEqual(['tmpfs', 'named volume']);
    expect(screen.getByTestId('recommendation-card').textContent).not.toMatch(/Fastest, measurably/);
  });

  it('says "Fastest, measurably" for a real win, with the choice first in its role\'s table', () => {
    card(twoBinds);
    expect(screen.getByTestId('recommendation-verdict').textContent).toBe('Fastest, measurably');
    const choice = screen.getByTestId('recommendation-choice').textContent;
    expect(tableOrder('source-tree')[0]).toBe(choice);
    // The volume, faster still, is ranked apart and never offered for the source tree.
    expect(tableOrder('container-data')).toEqual(['named volume']);
    expect(choice).toBe('bind mount · native');
  });

  it("calls nothing fastest while the role's race is open, as the strip and History say", () => {
    card(twoBinds, ['source-tree']);
    expect(screen.getByTestId('recommendation-verdict').textContent).toMatch(/^Not decided yet/);
    expect(screen.getByTestId('role-source-tree').textContent).toMatch(
      /^Source tree: not decided yet \(bind mount · native for now\)/,
    );
    // The other role's answer stands: its own race was not open.
    expect(screen.getByTestId('role-container-data').textContent).toMatch(
      /^Container-only data: named volume \(only option/,
    );
  });
});

describe('the verdict strip, per role', () => {
  it('names the only option for the source tree and words the other role as the card does', () => {
    renderWith(<VerdictStrip run={run} status="ready" recommendation={projectRun} titles={new Map()} />);
    expect(screen.getByTestId('verdict-strip').dataset.state).toBe('only');
    expect(screen.getByTestId('verdict-sentence').textContent).toBe(
      'Only option measured for the source tree: bind mount · native, nothing to compare it with.',
    );
    expect(screen.getByTestId('verdict-roles').textContent).toBe(
      'Container-only data: tmpfs (fastest, measurably)',
    );
  });

  it('decides the source tree between two bind mounts, never naming the faster volume', () => {
    renderWith(<VerdictStrip run={run} status="ready" recommendation={twoBinds} titles={new Map()} />);
    expect(screen.getByTestId('verdict-strip').dataset.state).toBe('decided');
    expect(screen.getByTestId('verdict-sentence').textContent).toMatch(
      /^Use bind mount · native for the source tree: the next best, bind mount · FUSE, took \d\.\d\d × as long/,
    );
    expect(screen.getByTestId('verdict-roles').textContent).toBe(
      'Container-only data: named volume (only option measured: nothing to compare it with)',
    );
  });
});

describe('the verdict strip, where the answer loses', () => {
  // A wins the profile (3 × faster on metadata walk) and is measurably slower on small-file read.
  const mixed = recommend(
    [
      makeRow({ mount: 'bind', variant: 'a', label: 'A', workload: 'metadata-walk', samples: noisy(7, 1) }),
      makeRow({ mount: 'bind', variant: 'b', label: 'B', workload: 'metadata-walk', samples: noisy(8, 3) }),
      makeRow({
        mount: 'bind',
        variant: 'a',
        label: 'A',
        workload: 'small-file-read',
        samples: noisy(9, 1.5),
      }),
      makeRow({
        mount: 'bind',
        variant: 'b',
        label: 'B',
        workload: 'small-file-read',
        samples: noisy(10, 1),
      }),
    ],
    profileByName('balanced'),
  );

  it('says under the answer each workload where the choice is measurably slower, with the interval', () => {
    renderWith(
      <VerdictStrip
        run={run}
        status="ready"
        recommendation={mixed}
        titles={new Map([['small-file-read', 'Small-file read']])}
      />,
    );
    expect(screen.getByTestId('verdict-sentence').textContent).toMatch(/^Use A for the source tree/);
    expect(screen.getByTestId('verdict-slower').textContent).toMatch(
      /^Slower where it loses: Small-file read, 1\.\d\d × \(1\.\d+ … 1\.\d+\) the time of B\.$/,
    );
  });

  it('and the share card carries the same words after the answer', () => {
    const stored = sampleRun({ results: [] });
    const card = runCardModel(
      stored,
      verdictOf(stored, mixed),
      new Map([['small-file-read', 'Small-file read']]),
      '0.1.0',
    );
    expect(card.verdict.text).toMatch(
      /^Use A for the source tree: .* · Slower where it loses: Small-file read, 1\.\d\d × \(1\.\d+ … 1\.\d+\) the time of B\.$/,
    );
  });

  it('has no such line where the choice loses nowhere', () => {
    renderWith(<VerdictStrip run={run} status="ready" recommendation={twoBinds} titles={new Map()} />);
    expect(screen.queryByTestId('verdict-slower')).toBeNull();
  });
});

describe('the share card, per role', () => {
  it("carries the strip's words: the only option for the source tree, tmpfs for container-only data", () => {
    const stored = sampleRun({ results: [] });
    const model = runCardModel(stored, verdictOf(stored, projectRun), new Map(), '0.1.0');
    expect(model.verdict).toEqual({
      text:
        'Only option measured for the source tree: bind mount · native, nothing to compare it with. · ' +
        'Container-only data: tmpfs (fastest, measurably)',
      state: 'only',
    });
  });
});

describe("History's answer per role", () => {
  const summary = (winner: RunSummary['winner']): RunSummary => ({
    id: 'run-1',
    createdAt: '2026-01-01T00:00:00.000Z',
    status: 'completed',
    machineLabel: 'Test machine',
    engineName: 'Docker Engine',
    backends: ['bind mount · native', 'tmpfs'],
    workloads: ['small-file-read'],
    resultCount: 2,
    errorCount: 0,
    winner,
  });
  const history = {
    confirming: null,
    deleting: null,
    selected: [],
    toggleSelected: () => {},
    askDelete: () => {},
    keep: () => {},
    confirmDelete: async () => {},
  };

  function row(winner: RunSummary['winner']) {
    renderWith(
      <table>
        <tbody>
          <HistoryRow run={summary(winner)} history={history} onOpen={() => {}} />
        </tbody>
      </table>,
    );
    return screen.getAllByTestId('history-winner-line-run-1').map((l) => l.textContent);
  }

  it('names the lone bind mount the only option, and tmpfs the container-only winner', () => {
    expect(
      row({
        state: 'only',
        label: 'bind mount · native',
        roles: [
          { role: 'source-tree', state: 'only', label: 'bind mount · native' },
          { role: 'container-data', state: 'decided', label: 'tmpfs' },
        ],
      }),
    ).toEqual([
      'Source tree: bind mount · native (only option measured: nothing to compare it with)',
      'Container-only data: tmpfs (fastest, measurably)',
    ]);
    expect(screen.getByTestId('history-winner-run-1').dataset.state).toBe('only');
  });

  it('still reads a summary cached before roles', () => {
    expect(row({ state: 'undecided', label: 'named volume' })).toEqual([
      'not decided yet (named volume for now)',
    ]);
  });
});
