// `mountbench sweep --provider docker-engine` for real: the plain engine's native and fuse variants
// measured on the local Docker Engine, as a user runs it (a child process), with a dry run first.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runFileSchema } from '../../src/shared/result-schema';
import { findUnfinishedJournals } from '../../src/core/journal';
import { fuseMountsBelow, labelledLeftovers, tempDir } from './support';
import { mountbenchChild } from '../support/mountbench-cli';

const root = tempDir('sweep-engine');
afterAll(() => root.remove());
const env = {
  ...process.env,
  MOUNTBENCH_DATA_DIR: join(root.path, 'data'),
  MOUNTBENCH_CACHE_DIR: join(root.path, 'cache'),
};
const ARGS = ['sweep', '--provider', 'docker-engine', '--variants', 'native,fuse', '--mount', 'bind,volume'];
const QUICK = ['--workload', 'dd-write,metadata-walk', '--size', 'quick', '--runs', '2', '--warmup', '0'];

describe('mountbench sweep --provider docker-engine (real engine)', () => {
  it('without --yes prints the proposal and changes nothing', async () => {
    const out = await mountbenchChild([...ARGS, ...QUICK], env);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/native \(native\): no change needed/);
    expect(out.stdout).toMatch(/docker-engine\/fuse\/bind/);
    expect(out.stdout).toMatch(
      /sync mounts:\n {4}mutagen: (unavailable: mutagen is not installed|mutagen is installed)/,
    );
    expect(out.stdout).toMatch(/Nothing was changed/);
    expect(existsSync(join(root.path, 'data', 'journal'))).toBe(false);
    expect(existsSync(join(root.path, 'data', 'results'))).toBe(false);
  });

  it('measures native and fuse, verifies the fs type, saves one result file and leaves nothing behind', async () => {
    const out = await mountbenchChild([...ARGS, ...QUICK, '--single-pass', '--yes'], env);
    expect(out.stderr + out.stdout).not.toMatch(/NOT/);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/✓ native \(bind mounts on /);
    expect(out.stdout).toMatch(/✓ fuse \(bind mounts on fuse/);
    // It ends on the answer across the variants: the source tree's native bind mount against fuse.
    const last = out.stdout.trimEnd().split('\n').slice(-15).join('\n');
    const ddWrite = last.split('\n').find((l) => l.startsWith('    dd-write: ')) ?? '';
    expect(ddWrite).toMatch(/'[^']*native[^']*'/);
    expect(ddWrite).toMatch(/'[^']*(FUSE|fuse)[^']*'/);
    expect(last).toMatch(/^Answer \(Balanced profile/m);
    expect(last).toMatch(/^ {2}source tree: /m);
    const files = readdirSync(join(root.path, 'data', 'results'));
    expect(files).toHaveLength(1);
    const run = runFileSchema.parse(
      JSON.parse(readFileSync(join(root.path, 'data', 'results', files[0]), 'utf8')),
    );
    expect(run.status).toBe('completed');
    const backends = new Set(run.results.map((r) => r.backend.id));
    expect(backends).toEqual(
      new Set(['docker-engine/native/bind', 'docker-engine/native/volume', 'docker-engine/fuse/bind']),
    );
    const fuse = run.results.filter((r) => r.backend.id === 'docker-engine/fuse/bind');
    expect(fuse.every((r) => r.fsType.startsWith('fuse'))).toBe(true);
    const native = run.results.filter((r) => r.backend.id === 'docker-engine/native/bind');
    expect(native.every((r) => !r.fsType.startsWith('fuse'))).toBe(true);
    expect(await findUnfinishedJournals(join(root.path, 'data'))).toEqual([]);
    expect(fuseMountsBelow(root.path)).toEqual([]);
    expect(await labelledLeftovers({ ownerPid: out.pid })).toEqual({ containers: [], volumes: [] });
  });

  it('by default brackets: measures native fuse, then fuse native, and checks every result against its second pass', async () => {
    const dir = tempDir('sweep-engine-reverse');
    const reverseEnv = {
      ...env,
      MOUNTBENCH_DATA_DIR: join(dir.path, 'data'),
      MOUNTBENCH_CACHE_DIR: join(dir.path, 'cache'),
    };
    try {
      const args = ['sweep', '--provider', 'docker-engine', '--variants', 'native,fuse', '--mount', 'bind'];
      const quick = ['--workload', 'dd-write', '--size', 'quick', '--runs', '3', '--warmup', '0'];
      const out = await mountbenchChild([...args, ...quick, '--yes'], reverseEnv);
      expect(out.code).toBe(0);
      const measured = [...out.stderr.matchAll(/^(native|fuse): measure$/gm)].map((m) => m[1]);
      expect(measured).toEqual(['native', 'fuse', 'fuse', 'native']);
      const files = readdirSync(join(dir.path, 'data', 'results'));
      expect(files).toHaveLength(1);
      const run = runFileSchema.parse(
        JSON.parse(readFileSync(join(dir.path, 'data', 'results', files[0]), 'utf8')),
      );
      // One result per backend (the first pass's), each checked against the second pass's three runs.
      expect(run.results.map((r) => r.backend.id)).toEqual([
        'docker-engine/native/bind',
        'docker-engine/fuse/bind',
      ]);
      for (const r of run.results) {
        // The control (the host baseline, no container) measured beside each setting's bind mount
        // in its first pass, on this machine: a figure of its own, not a row.
        expect(r.control).toMatchObject({ backendId: 'host', runs: 3 });
        expect(r.control?.mean).toBeGreaterThan(0);
        expect(r.passCheck?.second.samples).toHaveLength(3);
        expect(r.passCheck?.second.runs).toBe(3);
        expect(r.passCheck?.first.mean).toBeCloseTo(r.stats.mean, 9);
        const flagged = r.warnings.some((w) => w.startsWith('The two passes disagree'));
        expect(flagged).toBe(!r.passCheck?.agrees);
        if (flagged) expect(out.stdout).toContain('The two passes disagree');
      }
      expect(fuseMountsBelow(dir.path)).toEqual([]);
      expect(await labelledLeftovers({ ownerPid: out.pid })).toEqual({ containers: [], volumes: [] });
    } finally {
      dir.remove();
    }
  });

  it('cancels on Ctrl-C: stops the workloads, puts things back and says so', async () => {
    let sent = false;
    const out = await mountbenchChild(
      [
        ...ARGS,
        '--workload',
        'small-file-read',
        '--size',
        'default',
        '--runs',
        '50',
        '--warmup',
        '0',
        '--yes',
      ],
      env,
      {
        onStderr: (text, child) => {
          if (!sent && /: measure/.test(text)) {
            sent = true;
            child.kill('SIGINT');
          }
        },
      },
    );
    expect(sent).toBe(true);
    expect(out.code).toBe(130);
    expect(out.stderr).toMatch(/cancelled; settings were put back/);
    expect(await findUnfinishedJournals(join(root.path, 'data'))).toEqual([]);
    expect(fuseMountsBelow(root.path)).toEqual([]);
    expect(await labelledLeftovers({ ownerPid: out.pid })).toEqual({ containers: [], volumes: [] });
  });
});
