// Runs in a child process of bench/fixtures.ts: lays one fixture with writeHostFixture and reports
// its own time and peak memory. A process of its own, so maxRSS is the writer's peak alone and not
// the benchmark's (which holds samples and has built the tar archive).
import { performance } from 'node:perf_hooks';
import { writeHostFixture } from '../../src/core/fixtures/write-host-fixture';
import { isOneOf, SIZES } from '../../src/shared/ids';
import { benchFixture, FIXTURE_WORKLOADS } from './bench-fixtures';

export interface WriterReport {
  seconds: number;
  /** Resident memory after start-up, before the first byte is written. */
  rssBeforeBytes: number;
  /** Peak resident memory of this process over its whole life (getrusage ru_maxrss). */
  maxRssBytes: number;
}

async function main(): Promise<void> {
  const [id, size, target] = process.argv.slice(2);
  if (!id || !isOneOf(FIXTURE_WORKLOADS, id) || !size || !isOneOf(SIZES, size) || !target)
    throw new Error(
      `usage: fixture-writer-child <${FIXTURE_WORKLOADS.join('|')}> <${SIZES.join('|')}> <dir>`,
    );
  const spec = benchFixture(id, size);
  const rssBeforeBytes = process.memoryUsage().rss;
  const began = performance.now();
  await writeHostFixture(target, spec);
  const seconds = (performance.now() - began) / 1000;
  const report: WriterReport = {
    seconds,
    rssBeforeBytes,
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
  };
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
