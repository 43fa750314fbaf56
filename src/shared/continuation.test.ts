import { describe, expect, it } from 'vitest';
import { planBackends } from './backend-plan';
import type { ProviderVariant } from '../core/providers/provider-variant';
import { sampleRun, sampleWorkloadResult } from '../core/store/test-support/run-fixture';
import { continuationOf } from './continuation';
import type { Backend, RaceSummary, RunFile, WorkloadResult } from './result-schema';

const ENGINE_VARIANTS: ProviderVariant[] = [
  { id: 'native', label: 'native', available: true, affects: ['bind'] },
  { id: 'fuse', label: 'FUSE share (bindfs)', available: true, affects: ['bind'] },
];

const backend = (variant: string | null, mount: Backend['mount']): Backend =>
  variant
    ? { id: `docker-engine/${variant}/${mount}`, provider: 'docker-engine', variant, mount, label: mount }
    : { id: 'host', provider: null, variant: null, mount: 'host', label: 'host' };

const NATIVE = backend('native', 'bind');
const FUSE = backend('fuse', 'bind');
const VOLUME = backend('native', 'volume');
const HOST = backend(null, 'host');

function result(b: Backend, workload: WorkloadResult['workload']['id']): WorkloadResult {
  const base = sampleWorkloadResult();
  return {
    ...base,
    backend: b,
    warmupRuns: 1,
    workload: { ...base.workload, id: workload, size: 'default' },
  };
}

type RaceWorkload = RaceSummary['workloads'][number];

function raceOf(workloads: RaceWorkload[], budgetSeconds?: number): RaceSummary {
  return {
    rule: { minSamples: 5, maxSamples: 20, alpha: 0.05, perLookAlpha: 0.05 / 16, tieMargin: 0.05 },
    ...(budgetSeconds ? { budgetSeconds } : {}),
    workloads,
  };
}

function runWith(results: WorkloadResult[], race: RaceSummary | undefined): RunFile {
  const run = sampleRun({ results, ...(race ? { race } : {}) });
  return {
    ...run,
    engine: run.engine ? { ...run.engine, name: 'default', provider: 'docker-engine' } : null,
  };
}

const open = (
  workloadKey: string,
  outcome: 'cap' | 'budget',
  exits: RaceWorkload['exits'],
  role: RaceWorkload['role'] = 'source-tree',
): RaceWorkload => ({ workloadKey, role, rounds: 20, outcome, exits, comparisons: [] });

describe('continuationOf (Keep measuring)', () => {
  it('measures only the undecided workloads on the backends still racing there, with the same settings', () => {
    const results = [NATIVE, VOLUME, FUSE, HOST].flatMap((b) =>
      (['small-file-read', 'dd-write', 'metadata-walk'] as const).map((w) => result(b, w)),
    );
    const run = runWith(
      results,
      raceOf(
        [
          open('small-file-read', 'budget', [
            { backendId: NATIVE.id, round: 7, reason: 'budget' },
            { backendId: FUSE.id, round: 7, reason: 'budget' },
          ]),
          {
            workloadKey: 'dd-write',
            role: 'source-tree',
            rounds: 5,
            outcome: 'decided',
            exits: [
              { backendId: FUSE.id, round: 5, reason: 'slower', slowerThan: NATIVE.id },
              { backendId: NATIVE.id, round: 5, reason: 'leader' },
            ],
            comparisons: [],
          },
          // Three racing, one decided slower: the other two are still open.
          open('metadata-walk', 'cap', [
            { backendId: FUSE.id, round: 6, reason: 'slower', slowerThan: NATIVE.id },
            { backendId: NATIVE.id, round: 20, reason: 'cap' },
            { backendId: HOST.id, round: 20, reason: 'baseline' },
          ]),
        ],
        600,
      ),
    );
    const next = continuationOf(run);
    expect(next.request).toEqual({
      engine: 'default',
      variants: ['native', 'fuse'],
      mounts: ['bind'],
      workloads: ['small-file-read'],
      backends: [NATIVE.id, FUSE.id],
      size: 'default',
      runs: 5,
      maxRuns: 20,
      warmup: 1,
      race: true,
      budgetSeconds: 600,
      image: 'busybox:1.36.1',
    });
    // The plan it makes is exactly the undecided backends: no volume, no host, nothing decided.
    const planned = planBackends(next.request!, 'docker-engine', ENGINE_VARIANTS).map((b) => b.id);
    expect(planned).toEqual([NATIVE.id, FUSE.id]);
  });

  it('keeps a mount the variants do not change under the same backend id', () => {
    const tmpfs = backend('native', 'tmpfs');
    const run = runWith(
      [NATIVE, FUSE, VOLUME, tmpfs].map((b) => result(b, 'dd-write')),
      raceOf([
        open(
          'dd-write',
          'cap',
          [
            { backendId: VOLUME.id, round: 20, reason: 'cap' },
            { backendId: tmpfs.id, round: 20, reason: 'cap' },
          ],
          'container-data',
        ),
      ]),
    );
    const next = continuationOf(run);
    const planned = planBackends(next.request!, 'docker-engine', ENGINE_VARIANTS).map((b) => b.id);
    expect(planned).toEqual([VOLUME.id, tmpfs.id]);
  });

  it('carries the tools image the undecided workloads ran in, so the second half runs in the same one', () => {
    const TOOLS = 'example.org/my-tools:1';
    const inImage = (b: Backend, w: WorkloadResult['workload']['id'], image: string) => ({
      ...result(b, w),
      image,
    });
    const results = [NATIVE, FUSE].flatMap((b) => [
      inImage(b, 'code-search', TOOLS),
      inImage(b, 'small-file-read', 'busybox:1.36.1'),
    ]);
    const bothOpen = (key: string) =>
      open(key, 'cap', [
        { backendId: NATIVE.id, round: 20, reason: 'cap' },
        { backendId: FUSE.id, round: 20, reason: 'cap' },
      ]);
    const next = continuationOf(runWith(results, raceOf([bothOpen('code-search:git-grep')])));
    expect(next.request).toMatchObject({
      workloads: ['code-search'],
      image: 'busybox:1.36.1',
      toolsImage: TOOLS,
    });
    // Only bench-image workloads left open: there is no tools image to carry.
    const benchOnly = continuationOf(runWith(results, raceOf([bothOpen('small-file-read')])));
    expect(benchOnly.request).not.toBeNull();
    expect(benchOnly.request?.toolsImage).toBeUndefined();
    // A file whose results name two tools images cannot say which one to continue in.
    const mixed = [...results.slice(1), inImage(NATIVE, 'code-search', 'example.org/other:2')];
    expect(continuationOf(runWith(mixed, raceOf([bothOpen('code-search:grep-r')])))).toEqual({
      request: null,
      reason: 'the undecided workloads ran in more than one tools image',
    });
  });

  it('says why when there is nothing to continue', () => {
    const results = [result(NATIVE, 'small-file-read'), result(FUSE, 'small-file-read')];
    expect(continuationOf(runWith(results, undefined))).toEqual({
      request: null,
      reason: 'only a racing run can be continued',
    });
    const decided = raceOf([
      {
        workloadKey: 'small-file-read',
        role: 'source-tree',
        rounds: 5,
        outcome: 'tied',
        exits: [],
        comparisons: [],
      },
    ]);
    expect(continuationOf(runWith(results, decided))).toEqual({
      request: null,
      reason: 'every race of this run is decided',
    });
    const customOnly = raceOf([
      open('custom', 'cap', [
        { backendId: NATIVE.id, round: 20, reason: 'cap' },
        { backendId: FUSE.id, round: 20, reason: 'cap' },
      ]),
    ]);
    expect(continuationOf(runWith(results, customOnly)).request).toBeNull();
  });

  it('refuses settings from a file that no longer make a valid request', () => {
    const results = [result(NATIVE, 'small-file-read'), result(FUSE, 'small-file-read')];
    const race = raceOf([
      open('small-file-read', 'cap', [
        { backendId: NATIVE.id, round: 20, reason: 'cap' },
        { backendId: FUSE.id, round: 20, reason: 'cap' },
      ]),
    ]);
    race.rule.minSamples = 5000;
    race.rule.maxSamples = 5000;
    expect(continuationOf(runWith(results, race))).toEqual({
      request: null,
      reason: "this run's settings no longer make a valid run request",
    });
  });
});
