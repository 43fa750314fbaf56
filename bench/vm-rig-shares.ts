// Figures across the VM rig's boundary (issue 25): small-file-read, large-write and metadata-walk
// at sizes fit for the TCG guest (test/vm-rig/tcg-sizes.ts) on reverse-sshfs, 9p at 128 KiB, 9p at
// 512 KiB and a named volume, through Mountbench's own runner, with 95 % intervals. Printed only:
// the rig's CPU is emulated, so the figures say something about order, never about a Mac's speed.
// One boot; 9p's msize is a mount option, so 512 KiB is the same guest remounted.
//
//   npx tsx bench/vm-rig-shares.ts [--runs 5]
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunFile } from '../src/shared/result-schema';
import { prepareRun } from '../src/core/runner/prepare-run';
import { executeRun, runParts } from '../src/core/runner/run';
import { getMachineInfo } from '../src/core/machine';
import { confidenceInterval95 } from '../src/core/stats/student-t';
import { parseCount } from '../src/cli/parse-options';
import { bootGuest } from '../test/vm-rig/vm-rig';
import { guestMountCommand } from '../test/vm-rig/share-commands';
import { shrinkQuickSizesForTcg, TCG_SIZES } from '../test/vm-rig/tcg-sizes';
import { loadLine } from './lib/bench-header';

const WORKLOADS = ['small-file-read', 'large-write', 'metadata-walk'] as const;

async function main(): Promise<void> {
  const runsFlag = process.argv.indexOf('--runs');
  const runs = runsFlag > 0 ? parseCount('--runs', process.argv[runsFlag + 1] ?? '', { min: 2, max: 50 }) : 5;
  const image = process.env.MOUNTBENCH_IMAGE ?? 'mountbench/bench:offline';
  const root = mkdtempSync(join(tmpdir(), 'mountbench-vm-bench-'));
  const ninep = join(root, 'ninep');
  const sshfs = join(root, 'sshfs');
  const home = join(root, 'home');
  for (const dir of [ninep, sshfs, home]) mkdirSync(dir, { recursive: true });
  shrinkQuickSizesForTcg();
  console.log(`vm-rig-shares: ${new Date().toISOString()}, load ${loadLine()}, ${runs} runs + 1 warm-up`);
  console.log(`sizes: ${JSON.stringify(Object.fromEntries(WORKLOADS.map((w) => [w, TCG_SIZES[w]])))}`);
  const rig = await bootGuest({
    shares: [
      { kind: '9p', hostPath: ninep, msize: 131072 },
      { kind: 'reverse-sshfs', hostPath: sshfs },
    ],
  });
  try {
    console.log(`guest booted: engine answered ${rig.bootSeconds[0]} s after QEMU started`);
    await rig.loadImage(image);
    const env = { ...process.env, DOCKER_HOST: `unix://${rig.socketPath}`, DOCKER_CONTEXT: '', HOME: home };
    const run = async (mounts: Array<'bind' | 'volume'>, cacheDir: string): Promise<RunFile> => {
      const prepared = await prepareRun(
        { mounts, variants: ['native'], workloads: [...WORKLOADS], size: 'quick', runs, warmup: 1 },
        { env, home, engineTimeoutMs: 60_000 },
      );
      return executeRun(
        ...runParts({
          ...prepared,
          runId: `vm-bench-${Math.random().toString(36).slice(2, 8)}`,
          machine: await getMachineInfo(),
          appVersion: 'bench',
          allowHostCommands: false,
          cacheDir,
          env,
          signal: new AbortController().signal,
          onEvent: () => {},
        }),
      );
    };
    const rows: Array<{ share: string; run: RunFile; backend: string }> = [];
    const first = await run(['bind', 'volume'], join(ninep, 'cache'));
    rows.push({ share: '9p, msize 128 KiB', run: first, backend: 'docker-engine/native/bind' });
    rows.push({ share: 'named volume', run: first, backend: 'docker-engine/native/volume' });
    rows.push({
      share: 'reverse-sshfs',
      run: await run(['bind'], join(sshfs, 'cache')),
      backend: 'docker-engine/native/bind',
    });
    const remount = await rig.ssh(
      `umount ${ninep} && ${guestMountCommand({ kind: '9p', hostPath: ninep, msize: 524288 })}`,
    );
    if (remount.code !== 0) throw new Error(`remounting 9p at 512 KiB failed: ${remount.stderr}`);
    console.log(`9p remounted: ${(await rig.ssh(`awk '$2 == "${ninep}"' /proc/mounts`)).stdout.trim()}`);
    rows.push({
      share: '9p, msize 512 KiB',
      run: await run(['bind'], join(ninep, 'cache')),
      backend: 'docker-engine/native/bind',
    });

    console.log(`\n| share | fs type | ${WORKLOADS.join(' | ')} |`);
    console.log(`| --- | --- | ${WORKLOADS.map(() => '---').join(' | ')} |`);
    for (const row of rows) {
      const cells = WORKLOADS.map((w) => {
        const r = row.run.results.find((x) => x.backend.id === row.backend && x.workload.id === w);
        if (!r)
          return `failed: ${row.run.errors.find((e) => e.workloadId === w)?.message.slice(0, 80) ?? 'no result'}`;
        const ci = confidenceInterval95(r.stats.samples);
        return ci
          ? `${ci.mean.toFixed(3)} s (${ci.lower.toFixed(3)} … ${ci.upper.toFixed(3)})`
          : `${r.stats.mean.toFixed(3)} s`;
      });
      const fsType = row.run.results.find((x) => x.backend.id === row.backend)?.fsType ?? '?';
      console.log(`| ${row.share} | ${fsType} | ${cells.join(' | ')} |`);
    }
    console.log(`\nload at the end ${loadLine()}`);
  } finally {
    await rig.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
