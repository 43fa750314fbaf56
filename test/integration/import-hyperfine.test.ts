// A hyperfine export made by hyperfine itself, inside the bench image as the published benchmark
// ran it, imported with `mountbench import --hyperfine` and compared beside a Mountbench run of the
// same workload on the same mount. The host's hyperfine (Debian's, dynamically linked) is copied
// with its libraries into an image derived from the bench image, built offline
// (bench/lib/hyperfine-image.ts, the image bench/overhead.ts uses).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHyperfineImage, DEFAULT_HYPERFINE } from '../../bench/lib/hyperfine-image';
import { MOUNTBENCH_LABEL, MOUNTBENCH_LABEL_VALUE } from '../../src/shared/ids';
import { runFileSchema } from '../../src/shared/result-schema';
import { mountbenchChild } from '../support/mountbench-cli';
import { docker, image, tempDir } from './support';

const TAG = `mountbench/bench:hyperfine-import-test-${process.pid}`;
// The dd-write workload's quick size, as src/core/workloads/dd-write.ts writes it.
const DD_WRITE_QUICK = 'dd if=/dev/zero of=speedtest bs=1024 count=20000 2>/dev/null';
const work = tempDir('hyperfine-import');
const env = () => ({
  ...process.env,
  MOUNTBENCH_DATA_DIR: join(work.path, 'data'),
  MOUNTBENCH_CACHE_DIR: join(work.path, 'cache'),
});

/** Runs hyperfine in a throwaway container on a tmpfs folder; its export lands in `out` on the host. */
async function hyperfineInContainer(out: string): Promise<void> {
  const script = [
    'mkdir -p /tmp',
    'cd /work',
    `hyperfine --runs 3 --warmup 1 --style none --export-json /out/dd-write.json '${DD_WRITE_QUICK}'`,
  ].join(' && ');
  const container = await docker.createContainer({
    Image: TAG,
    Cmd: ['sh', '-c', script],
    Labels: { [MOUNTBENCH_LABEL]: MOUNTBENCH_LABEL_VALUE },
    HostConfig: { Binds: [`${out}:/out`], Tmpfs: { '/work': '' } },
  });
  try {
    await container.start();
    const { StatusCode } = (await container.wait()) as { StatusCode: number };
    const logs = String(await container.logs({ stdout: true, stderr: true }));
    expect(StatusCode, logs).toBe(0);
  } finally {
    await container.remove({ force: true });
  }
}

let exportFile: string;

beforeAll(async () => {
  await buildHyperfineImage(docker, image, TAG, DEFAULT_HYPERFINE, AbortSignal.timeout(120_000));
  await hyperfineInContainer(work.path);
  exportFile = join(work.path, 'dd-write.json');
});
afterAll(async () => {
  await docker
    .getImage(TAG)
    .remove()
    .catch(() => undefined);
  work.remove();
});

describe('import --hyperfine (hyperfine run inside the bench image)', () => {
  it('stores the export as a run marked imported from hyperfine and compares it beside a Mountbench run', async () => {
    const exported = JSON.parse(readFileSync(exportFile, 'utf8'));
    expect(exported.results[0].command).toBe(DD_WRITE_QUICK);

    const imported = await mountbenchChild(
      [
        'import',
        '--hyperfine',
        exportFile,
        '--backend',
        'tmpfs, hyperfine in the container',
        '--workload',
        'dd-write',
        '--size',
        'quick',
        '--mount',
        'tmpfs',
        '--fs-type',
        'tmpfs',
      ],
      env(),
    );
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);
    const importedId = /as run (\S+)/.exec(imported.stdout)?.[1] ?? '';
    const stored = runFileSchema.parse(
      JSON.parse(readFileSync(join(work.path, 'data', 'results', `${importedId}.json`), 'utf8')),
    );
    expect(stored.origin).toEqual({ tool: 'hyperfine', file: 'dd-write.json' });
    expect(stored.results[0].stats.samples).toEqual(exported.results[0].times);

    const runJson = join(work.path, 'run.json');
    const measured = await mountbenchChild(
      [
        'run',
        '--mount',
        'tmpfs',
        '--workload',
        'dd-write',
        '--size',
        'quick',
        '--runs',
        '3',
        '--image',
        image,
        '--json',
        runJson,
      ],
      env(),
    );
    expect(measured.code).toBe(0);
    const runId = runFileSchema.parse(JSON.parse(readFileSync(runJson, 'utf8'))).id;

    const compared = await mountbenchChild(['compare', runId, importedId, '--published'], env());
    expect(compared.code).toBe(0);
    // One dd-write table for this machine holds both rows; the published figures follow.
    const table = compared.stdout.split(/\n(?=\S)/).find((block) => block.includes(`run ${runId}`)) ?? '';
    expect(table).toMatch(/dd-write/);
    expect(table).toMatch(
      new RegExp(`tmpfs, hyperfine in the container .*run ${importedId} \\(imported from hyperfine\\)`),
    );
    expect(compared.stdout).toContain('(published)');
  });

  it('refuses a file that is not a hyperfine export, saying why, and stores nothing', async () => {
    const outcome = await mountbenchChild(
      [
        'import',
        '--hyperfine',
        join(__dirname, '..', '..', 'package.json'),
        '--backend',
        'x',
        '--workload',
        'dd-write',
      ],
      { ...env(), MOUNTBENCH_DATA_DIR: join(work.path, 'empty-data') },
    );
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toMatch(/package\.json is not a hyperfine JSON export: it has no "results" list/);
    expect(existsSync(join(work.path, 'empty-data', 'results'))).toBe(false);
  });
});
