import { describe, expect, it } from 'vitest';
import { MountbenchError } from '../../shared/errors';
import { customProfile } from './custom-weights';
import { profileByName } from './profiles';
import { recommend, recommendPerMachine } from './recommend';
import { makeRow, samplesAround } from './test-support/make-row';
import { publishedRows } from './test-support/published-rows';

const smallFiles = customProfile({ 'small-file-read': 1 });

describe('recommend', () => {
  it('picks the clearly faster of native and fuse, with significance', () => {
    const rows = [
      makeRow({ variant: 'fuse', workload: 'small-file-read', samples: samplesAround(0.9) }),
      makeRow({ variant: 'native', workload: 'small-file-read', samples: samplesAround(0.3) }),
    ];
    const rec = recommend(rows, smallFiles);
    expect(rec.verdict).toBe('winner');
    expect(rec.choice?.key).toBe('docker-engine/native/bind');
    expect(rec.tied.map((b) => b.key)).toEqual(['docker-engine/native/bind']);
    expect(rec.scores.map((s) => s.score)).toEqual([1, expect.closeTo(3, 9)]);
    expect(rec.reason).toMatch(/takes 3\.00× as long .* measurable difference at 95 %/);
    expect(rec.setup?.action.kind).toBe('none');
    expect(rec.caveats).toEqual([]);
  });

  it('says "no measurable difference" for two backends with the same distribution, and prefers the simpler one', () => {
    const same = samplesAround(1.2);
    const rows = [
      // mutagen is listed first and is a hair faster on paper: simplicity still decides.
      makeRow({ mount: 'mutagen', workload: 'small-file-read', samples: same.map((x) => x * 0.999) }),
      makeRow({ mount: 'bind', workload: 'small-file-read', samples: [...same].reverse() }),
    ];
    const rec = recommend(rows, smallFiles);
    expect(rec.verdict).toBe('no-measurable-difference');
    expect(rec.choice?.key).toBe('docker-engine/native/bind');
    expect(rec.tied.map((b) => b.key)).toEqual(['docker-engine/native/bind', 'docker-engine/native/mutagen']);
    expect(rec.reason).toMatch(
      /^Equivalent: .* within ±5 % of each other .*no difference worth having: .*simplest setup/,
    );
  });

  it('never offers tmpfs or a volume for the source tree: each role gets its own answer', () => {
    const rows = [
      makeRow({ mount: 'tmpfs', workload: 'small-file-read', samples: samplesAround(0.5) }),
      makeRow({ mount: 'volume', workload: 'small-file-read', samples: samplesAround(0.6) }),
      makeRow({ mount: 'bind', workload: 'small-file-read', samples: samplesAround(1) }),
      makeRow({ variant: 'fuse', mount: 'bind', workload: 'small-file-read', samples: samplesAround(4) }),
    ];
    const rec = recommend(rows, smallFiles);
    expect(rec.role).toBe('source-tree');
    expect(rec.choice?.key).toBe('docker-engine/native/bind');
    expect(rec.verdict).toBe('winner');
    expect(rec.reason).toMatch(/^For the source tree/);
    expect(rec.roles?.map((r) => [r.role, r.choice?.key, r.verdict])).toEqual([
      ['source-tree', 'docker-engine/native/bind', 'winner'],
      ['container-data', 'docker-engine/native/tmpfs', 'winner'],
    ]);
    expect(rec.roles?.[0].samples).toEqual({ min: 10, max: 10 });
    // The score table ranks each role's backends apart, the source tree's first.
    expect(rec.scores.map((s) => s.backend.key)).toEqual([
      'docker-engine/native/bind',
      'docker-engine/fuse/bind',
      'docker-engine/native/tmpfs',
      'docker-engine/native/volume',
    ]);
  });

  it('says "not decided yet", with the interval, when no difference shows but the intervals are wide', () => {
    const wide = [0.5, 1.6, 0.9, 1.3, 0.7];
    const rows = [
      makeRow({ mount: 'bind', workload: 'small-file-read', samples: wide }),
      makeRow({ mount: 'mutagen', workload: 'small-file-read', samples: wide.map((x) => x * 1.1) }),
    ];
    const rec = recommend(rows, smallFiles);
    expect(rec.verdict).toBe('not-decided');
    expect(rec.reason).toMatch(
      /^Not decided yet: .*reach past ±5 % \(.* on small-file-read: \d\.\d\d × \(\d\.\d\d … \d\.\d\d\)\)\. Keep measuring/,
    );
  });

  it('prefers a bind mount over a sync tool and the current setting over a change when tied', () => {
    const same = samplesAround(2);
    const rows = [
      makeRow({
        provider: 'docker-desktop',
        variant: 'virtiofs',
        mount: 'mutagen',
        workload: 'dd-write',
        samples: same,
      }),
      makeRow({ provider: 'docker-desktop', variant: 'virtiofs', workload: 'dd-write', samples: same }),
      makeRow({ provider: 'docker-desktop', variant: 'grpcfuse', workload: 'dd-write', samples: same }),
    ];
    const profile = customProfile({ 'dd-write': 1 });
    expect(
      recommend(rows, profile, { current: [{ provider: 'docker-desktop', variant: 'grpcfuse' }] }).choice
        ?.key,
    ).toBe('docker-desktop/grpcfuse/bind');
    expect(
      recommend(rows, profile, { current: [{ provider: 'docker-desktop', variant: 'virtiofs' }] }).choice
        ?.key,
    ).toBe('docker-desktop/virtiofs/bind');
  });

  it('lets the weights change the winner', () => {
    // a is 4× faster on dd-write, b 2× faster on small-file-read.
    const rows = [
      makeRow({ variant: 'a', workload: 'small-file-read', samples: samplesAround(2) }),
      makeRow({ variant: 'b', workload: 'small-file-read', samples: samplesAround(1) }),
      makeRow({ variant: 'a', workload: 'dd-write', samples: samplesAround(1) }),
      makeRow({ variant: 'b', workload: 'dd-write', samples: samplesAround(4) }),
    ];
    // small-file-read 3 : dd-write 1 → a 2^0.75 ≈ 1.68, b 4^0.25 ≈ 1.41: b wins.
    expect(recommend(rows, customProfile({ 'small-file-read': 3, 'dd-write': 1 })).choice?.key).toBe(
      'docker-engine/b/bind',
    );
    // 1 : 1 → a 2^0.5 ≈ 1.41, b 4^0.5 = 2: a wins.
    expect(recommend(rows, customProfile({ 'small-file-read': 1, 'dd-write': 1 })).choice?.key).toBe(
      'docker-engine/a/bind',
    );
    // The database profile weighs dd-write only, of these two: a wins.
    expect(recommend(rows, profileByName('database')).choice?.key).toBe('docker-engine/a/bind');
  });

  it('ranks apart a backend missing a weighted workload and says which workloads nobody measured', () => {
    const rows = [
      makeRow({ variant: 'a', workload: 'small-file-read', samples: samplesAround(1) }),
      makeRow({ variant: 'a', workload: 'metadata-walk', samples: samplesAround(1) }),
      makeRow({ variant: 'b', workload: 'small-file-read', samples: samplesAround(0.2) }),
    ];
    const rec = recommend(rows, profileByName('rails-php'));
    expect(rec.choice?.key).toBe('docker-engine/a/bind');
    expect(rec.unscored.map((u) => [u.backend.key, u.missing])).toEqual([
      ['docker-engine/b/bind', ['metadata-walk']],
    ]);
    expect(rec.caveats).toEqual(
      expect.arrayContaining([
        'The profile weighs sync-latency, but no backend measured it: the score leaves it out.',
        'The profile weighs dd-write, but no backend measured it: the score leaves it out.',
        'docker-engine b bind is ranked apart: not measured on metadata-walk (50 % of the profile).',
      ]),
    );
    // Only one backend is scored: it is the answer, but its role's only option, not a winner.
    expect(rec.verdict).toBe('only-option');
    expect(rec.reason).toMatch(/only backend measured for the source tree on every workload/);
    expect(rec.reason).toMatch(/only option, not the fastest/);
  });

  it('leaves significance unknown with single runs', () => {
    const rows = [
      makeRow({ variant: 'a', workload: 'site-build', mean: 38, runs: 1 }),
      makeRow({ variant: 'b', workload: 'site-build', mean: 220, runs: 1 }),
    ];
    const rec = recommend(rows, profileByName('static-site'));
    expect(rec.verdict).toBe('significance-unknown');
    expect(rec.choice?.key).toBe('docker-engine/a/bind');
    expect(rec.reason).toMatch(
      /a single run or a missing σ leaves unknown whether it is measurably ahead of docker-engine b bind\.$/,
    );
    expect(
      rec.caveats.some((c) =>
        c.startsWith('A single run or no σ, so significance is unknown: docker-engine a bind on site-build'),
      ),
    ).toBe(true);
  });

  it('answers "no-data" when nothing the profile weighs was measured', () => {
    const rec = recommend(
      [makeRow({ workload: 'dd-write', samples: samplesAround(1) })],
      profileByName('static-site'),
    );
    expect(rec).toMatchObject({ verdict: 'no-data', choice: null, setup: null, tied: [] });
    expect(rec.rankings).toHaveLength(1);
  });

  it('keeps one figure per backend and workload and says which', () => {
    const rows = [
      makeRow({
        workload: 'dd-write',
        samples: samplesAround(1.5),
        runId: 'old',
        createdAt: '2026-01-01T00:00:00.000Z',
      }),
      makeRow({
        workload: 'dd-write',
        samples: samplesAround(1.1),
        runId: 'new',
        createdAt: '2026-02-01T00:00:00.000Z',
      }),
      makeRow({ variant: 'fuse', workload: 'dd-write', samples: samplesAround(3) }),
    ];
    const rec = recommend(rows, customProfile({ 'dd-write': 1 }));
    expect(rec.rankings[0].entries[0].mean).toBeCloseTo(1.1, 9);
    expect(rec.caveats[0]).toBe(
      '2 figures for docker-engine native bind on dd-write: used the one from run new (10 runs, mean 1.100 s), left out run old (10 runs, mean 1.500 s).',
    );
  });

  it('quotes the chosen sync tool’s measured sync-latency in its trade-offs', () => {
    const rows = [
      makeRow({
        provider: 'docker-desktop',
        variant: 'virtiofs',
        mount: 'mutagen',
        workload: 'small-file-read',
        samples: samplesAround(0.5),
      }),
      makeRow({
        provider: 'docker-desktop',
        variant: 'virtiofs',
        workload: 'small-file-read',
        samples: samplesAround(5),
      }),
      makeRow({
        provider: 'docker-desktop',
        variant: 'virtiofs',
        mount: 'mutagen',
        workload: 'sync-latency',
        samples: samplesAround(0.04),
      }),
    ];
    const rec = recommend(rows, smallFiles);
    expect(rec.choice?.mount).toBe('mutagen');
    expect(rec.setup?.action.kind).toBe('sync');
    expect(rec.setup?.tradeOffs.find((t) => t.id === 'sync-lag')?.text).toMatch(/40\.00 ms per edit/);
    expect(rec.setups).toHaveLength(2);
  });

  it('says what each sync tool cost the host, measured, in its trade-offs; nothing where none was read', () => {
    const mutagen = (workload: string, mean: number, hostCpu: number) => ({
      ...makeRow({
        provider: 'docker-desktop',
        variant: 'virtiofs',
        mount: 'mutagen',
        workload,
        samples: samplesAround(mean),
      }),
      hostCpu,
    });
    const rows = [
      mutagen('small-file-read', 0.5, 0.2),
      mutagen('dd-write', 1, 0.3),
      makeRow({
        provider: 'docker-desktop',
        variant: 'virtiofs',
        mount: 'docker-sync',
        workload: 'small-file-read',
        samples: samplesAround(0.6),
      }),
      makeRow({
        provider: 'docker-desktop',
        variant: 'virtiofs',
        mount: 'docker-sync',
        workload: 'dd-write',
        samples: samplesAround(1.2),
      }),
    ];
    const rec = recommend(rows, smallFiles);
    const hostCost = (mount: string) =>
      rec.setups.find((s) => s.backend.mount === mount)?.tradeOffs.find((t) => t.id === 'host-cpu')?.text;
    expect(hostCost('mutagen')).toMatch(
      /^Serving it kept the host busy: 250\.0 ms of host CPU a sample on average, beside .* over 2 workloads/,
    );
    expect(hostCost('docker-sync')).toBeUndefined();
  });

  it('refuses rows from several machines, and recommends per machine on request', () => {
    const rows = [
      makeRow({ machine: 'm1', variant: 'a', workload: 'dd-write', samples: samplesAround(1) }),
      makeRow({ machine: 'm1', variant: 'b', workload: 'dd-write', samples: samplesAround(2) }),
      makeRow({ machine: 'intel', variant: 'a', workload: 'dd-write', samples: samplesAround(2) }),
      makeRow({ machine: 'intel', variant: 'b', workload: 'dd-write', samples: samplesAround(1) }),
    ];
    const profile = customProfile({ 'dd-write': 1 });
    expect(() => recommend(rows, profile)).toThrow(MountbenchError);
    expect(() => recommend(rows, profile)).toThrow(
      /results come from 2 machines: Machine m1 .*; Machine intel/,
    );
    expect(recommendPerMachine(rows, profile).map((r) => [r.machine.key, r.choice?.key])).toEqual([
      ['m1', 'docker-engine/a/bind'],
      ['intel', 'docker-engine/b/bind'],
    ]);
    expect(() => recommendPerMachine([], profile)).toThrow(/no results/);
  });
});

describe('recommend on the published figures (UMITRON 2021, small-file-read, bind mounts)', () => {
  const bindSmallFiles = (machine: string) =>
    publishedRows(
      'umitron-2021',
      (r) => r.machine === machine && r.workload === 'small-file-read' && r.mount === 'bind',
    );

  it('picks VirtioFS over gRPC FUSE on the M1 Pro', () => {
    const rows = bindSmallFiles('m1pro-2021');
    expect(rows.map((r) => r.backend.fileSharing).sort()).toEqual(['VirtioFS', 'gRPC-FUSE']);
    const rec = recommend(rows, smallFiles);
    expect(rec.verdict).toBe('winner');
    expect(rec.choice?.fileSharing).toBe('VirtioFS');
    // 17.934 / 5.239 = 3.423…
    expect(rec.scores[1].score).toBeCloseTo(17.934 / 5.239, 9);
    expect(rec.rankings[0].entries[1]).toMatchObject({ verdict: 'slower', place: 2 });
    expect(rec.setup?.action.steps).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'setting', key: 'UseVirtualizationFrameworkVirtioFS', value: true }),
      ]),
    );
    expect(rec.caveats).toContain(
      'Published figures, not measured here: VirtioFS experimental build benchmark (UMITRON Advent Calendar 2021, day 2).',
    );
  });

  it('picks gRPC FUSE over the early VirtioFS build on the Intel 2017, and passes on the source’s note', () => {
    const rec = recommend(bindSmallFiles('intel-2017'), smallFiles);
    expect(rec.verdict).toBe('winner');
    expect(rec.choice?.fileSharing).toBe('gRPC-FUSE');
    expect(rec.rankings[0].entries[1].p).toBeLessThan(0.05);
    expect(rec.caveats.some((c) => /early VirtioFS build/.test(c))).toBe(true);
    expect(rec.setup?.action.steps).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'setting', key: 'UseGrpcfuse', value: true })]),
    );
  });

  it('recommends per machine when both are given', () => {
    const rows = publishedRows('umitron-2021', (r) => r.workload === 'small-file-read' && r.mount === 'bind');
    expect(() => recommend(rows, smallFiles)).toThrow(/2 machines/);
    expect(recommendPerMachine(rows, smallFiles).map((r) => [r.machine.key, r.choice?.fileSharing])).toEqual([
      ['m1pro-2021', 'VirtioFS'],
      ['intel-2017', 'gRPC-FUSE'],
    ]);
  });
});

describe('recommend on the published Rancher Desktop figures (large-write, 3 trials, no σ published)', () => {
  it('picks VZ + virtiofs, leaves significance unknown and gives the rdctl command for the version', () => {
    const rows = publishedRows('rancher-desktop-2024', (r) => r.engine === 'Rancher Desktop');
    const rec = recommend(rows, profileByName('database'), { rancherDesktopVersion: '1.19.1' });
    expect(rec.choice?.label).toBe('Rancher Desktop VZ VirtioFS bind');
    expect(rec.verdict).toBe('significance-unknown');
    expect(rec.scores.map((s) => s.backend.label)).toEqual([
      'Rancher Desktop VZ VirtioFS bind',
      'Rancher Desktop VZ reverse-sshfs bind',
      'Rancher Desktop QEMU reverse-sshfs bind',
      'Rancher Desktop QEMU 9p (msize 512 KiB) bind',
      'Rancher Desktop QEMU 9p (msize 128 KiB) bind',
    ]);
    expect(rec.setup?.action.steps[0]).toMatchObject({
      kind: 'command',
      command: 'rdctl set --virtual-machine.type vz --experimental.virtual-machine.mount.type virtiofs',
    });
    const nineP = rec.setups.find((s) => s.backend.label === 'Rancher Desktop QEMU 9p (msize 512 KiB) bind');
    expect(nineP?.action.steps[0]).toMatchObject({
      command:
        'rdctl set --virtual-machine.type qemu --experimental.virtual-machine.mount.type 9p --experimental.virtual-machine.mount.9p.security-model none --experimental.virtual-machine.mount.9p.protocol-version 9p2000.L --experimental.virtual-machine.mount.9p.msize-in-kib 512 --experimental.virtual-machine.mount.9p.cache-mode mmap',
    });
    const sshfsVz = rec.setups.find((s) => s.backend.label === 'Rancher Desktop VZ reverse-sshfs bind');
    expect(sshfsVz?.action.steps[0]).toMatchObject({
      command: 'rdctl set --virtual-machine.type vz --experimental.virtual-machine.mount.type reverse-sshfs',
    });
  });
});

describe('recommend with mixed fixture sizes', () => {
  it('ranks one size per workload, the one most backends ran, and says what it left out', () => {
    const rows = [
      makeRow({ variant: 'a', workload: 'small-file-read', size: 'quick', samples: samplesAround(0.3) }),
      makeRow({ variant: 'a', workload: 'small-file-read', size: 'default', samples: samplesAround(5) }),
      makeRow({ variant: 'b', workload: 'small-file-read', size: 'default', samples: samplesAround(4) }),
    ];
    const rec = recommend(rows, smallFiles);
    // Without the rule, a's quick figure (0.3 s) would beat b's default one (4 s).
    expect(rec.choice?.key).toBe('docker-engine/b/bind');
    expect(rec.rankings[0].entries.map((e) => e.mean)).toEqual([expect.closeTo(4, 9), expect.closeTo(5, 9)]);
    expect(rec.caveats).toContain(
      'small-file-read was run at several sizes: ranked the default size, left out quick (sizes do not compare).',
    );
  });
});
