// random-io's sizes and fixture, and its validity check run for real with the host's sh and awk on
// a real fio 3.33 JSON report (test/fixtures/fio, written by the tools image's fio): the check
// passes on the count asked for and fails, saying why, on fewer IOs, on a job error and on a
// report without the mode's section. Running fio itself is the integration suite's
// (test/integration/random-io.test.ts), in the tools image on the real engine.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureFacts } from './fixture-facts';
import { issuedCheck, randomIo, RANDOM_IO_FILE } from './random-io';
import { workloadCases } from './workload';

const REPORT = readFileSync(join(__dirname, '../../../test/fixtures/fio/fio-3.33-randwrite-10.json'), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'mb-random-io-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the check on a report with the host's sh; the report file is removed by the check itself. */
function check(report: string, ios: number, mode: 'randread' | 'randwrite') {
  const file = join(dir, 'report.json');
  writeFileSync(file, report);
  const result = spawnSync('sh', ['-c', issuedCheck(ios, mode, file)], { encoding: 'utf8' });
  return { status: result.status, stderr: result.stderr };
}

describe('random-io', () => {
  it('has the anchor’s default (25,000 × 4 KiB in a 1 GiB file), a small quick size, and one file of that size', () => {
    expect(randomIo.sizes.default).toEqual({ fileBytes: 2 ** 30, ios: 25_000 });
    expect(randomIo.sizes.quick.fileBytes).toBeLessThan(randomIo.sizes.default.fileBytes / 32);
    const facts = fixtureFacts(randomIo.fixture(randomIo.sizes.quick)!);
    expect(facts).toMatchObject({ files: 1, bytes: randomIo.sizes.quick.fileBytes });
    expect(randomIo.needsTools).toEqual(['fio']);
    expect(workloadCases(randomIo, randomIo.sizes.quick).map((c) => [c.id, c.opsPerSample])).toEqual([
      ['randread', 2_000],
      ['randwrite', 2_000],
    ]);
    expect(workloadCases(randomIo, randomIo.sizes.quick)[0].script).toContain(
      `--filename=${RANDOM_IO_FILE} --size=${16 * 2 ** 20} --bs=4096 --rw=randread --io_size=${2_000 * 4096} --invalidate=0`,
    );
  });

  it('passes when fio issued exactly the IOs asked for, and removes the report', () => {
    expect(check(REPORT, 10, 'randwrite')).toEqual({ status: 0, stderr: '' });
    expect(execFileSync('ls', [dir], { encoding: 'utf8' })).toBe('');
  });

  it('fails the sample when fio issued fewer IOs than asked, saying how many', () => {
    const result = check(REPORT, 25, 'randwrite');
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/random-io: fio issued 10 writes, 25 were asked/);
  });

  it('counts the mode’s own section: the report’s 0 reads do not pass as writes, nor its writes as reads', () => {
    expect(check(REPORT, 10, 'randread')).toMatchObject({
      status: 1,
      stderr: expect.stringMatching(/issued 0 reads/),
    });
    expect(check(REPORT, 0, 'randread').status).toBe(0);
  });

  it('fails on a job error and on a report with no count at all', () => {
    const errored = REPORT.replace('"error" : 0,', '"error" : 5,');
    expect(check(errored, 10, 'randwrite')).toMatchObject({
      status: 1,
      stderr: expect.stringMatching(/error 5/),
    });
    expect(check('fio: failed to open random-io.bin\n', 10, 'randwrite')).toMatchObject({
      status: 1,
      stderr: expect.stringMatching(/no write count/),
    });
  });
});
