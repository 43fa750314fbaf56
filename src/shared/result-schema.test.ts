import { describe, expect, it } from 'vitest';
import { sampleRun, sampleWorkloadResult } from '../core/store/test-support/run-fixture';
import { runFileSchema, statsSchema } from './result-schema';

/** Paths of every issue, as "a.b[0].c", for assertions that name the field. */
function issuePaths(value: unknown): string[] {
  const result = runFileSchema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((i) =>
    i.path.map((p, n) => (typeof p === 'number' ? `[${p}]` : `${n === 0 ? '' : '.'}${String(p)}`)).join(''),
  );
}

describe('runFileSchema', () => {
  it('accepts a complete run', () => {
    const result = runFileSchema.safeParse(sampleRun());
    expect(result.success).toBe(true);
  });

  it('accepts a host-only run: no engine, no image, a backend with no provider', () => {
    const host = sampleWorkloadResult();
    host.backend = { id: 'host', provider: null, variant: null, mount: 'host', label: 'Host (no container)' };
    expect(issuePaths(sampleRun({ engine: null, image: null, results: [host] }))).toEqual([]);
  });

  it('drops fields it does not know rather than carrying them along', () => {
    const parsed = runFileSchema.parse({ ...sampleRun(), comment: 'hello' });
    expect('comment' in parsed).toBe(false);
  });

  it('rejects another version or schema id', () => {
    expect(issuePaths({ ...sampleRun(), version: 2 })).toEqual(['version']);
    expect(issuePaths({ ...sampleRun(), schema: 'hyperfine' })).toEqual(['schema']);
  });

  it('rejects negative and non-finite times with the path of the sample', () => {
    const run = sampleRun();
    run.results[0].stats.samples[3] = -0.1;
    expect(issuePaths(run)).toEqual(['results[0].stats.samples[3]']);

    const inf = sampleRun();
    inf.results[0].stats.mean = Number.POSITIVE_INFINITY;
    expect(issuePaths(inf)).toEqual(['results[0].stats.mean']);

    const clock = sampleRun();
    clock.results[0].clock.overheadSeconds = -1e-6;
    expect(issuePaths(clock)).toEqual(['results[0].clock.overheadSeconds']);
  });

  it('rejects arrays beyond their limits', () => {
    const many = sampleRun();
    many.results[0].stats.samples = new Array(100_001).fill(0.1);
    expect(issuePaths(many)).toEqual(['results[0].stats.samples']);

    const chatty = sampleRun();
    chatty.results[0].warnings = new Array(101).fill('again');
    expect(issuePaths(chatty)).toEqual(['results[0].warnings']);

    const noisy = sampleRun({
      errors: new Array(1001).fill({ name: 'MountbenchError', message: 'x', code: 'IO' }),
    });
    expect(issuePaths(noisy)).toEqual(['errors']);
  });

  it('rejects an empty sample list: a result always has at least one timed run', () => {
    const run = sampleRun();
    run.results[0].stats.samples = [];
    expect(issuePaths(run)).toEqual(['results[0].stats.samples']);
  });

  it('names each missing field', () => {
    const { machine, ...noMachine } = sampleRun();
    expect(machine.chip).toBe('Apple M1 Pro');
    expect(issuePaths(noMachine)).toEqual(['machine']);

    const run = sampleRun();
    delete (run.results[0] as Partial<(typeof run.results)[0]>).fsType;
    delete (run.machine.os as Partial<typeof run.machine.os>).kernel;
    expect(issuePaths(run).sort()).toEqual(['machine.os.kernel', 'results[0].fsType']);
  });

  it('rejects unknown workloads, mounts and statuses', () => {
    const run = sampleRun({ status: 'exploded' as 'completed' });
    const result = sampleWorkloadResult();
    result.workload.id = 'rm-rf' as 'dd-write';
    result.backend.mount = 'nfs' as 'bind';
    run.results = [result];
    expect(issuePaths(run).sort()).toEqual(['results[0].backend.mount', 'results[0].workload.id', 'status']);
  });

  it('rejects a run id that could not be a file name', () => {
    expect(issuePaths(sampleRun({ id: '../../etc/passwd' }))).toEqual(['id']);
  });

  it('keeps stats consistent in type: integer runs and outlier indexes', () => {
    const stats = { ...sampleWorkloadResult().stats, runs: 2.5, outliers: [-1] };
    const result = statsSchema.safeParse(stats);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['outliers.0', 'runs']);
  });
});
