// How long the readers of untrusted result JSON take on adversarial and random input: every case
// of the property test (src/core/store/hostile-json.test.ts), at a chosen size, through the text
// reader (import, serve) and the file reader (compare, the results folder). Prints each case's
// time and the slowest; asserts nothing.
//
//   npx tsx bench/hostile-json.ts [--mb 8] [--random 200] [--seed 20261201]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseRunFileText } from '../src/core/store/parse-run-file';
import { loadRunFile } from '../src/core/store/result-store';
import { adversarialCases, randomCases } from '../src/core/store/test-support/hostile-json';
import { benchHeader } from './lib/bench-header';
import { countOption, runBench, type BenchOptions } from './lib/bench-main';
import { textTable } from './lib/text-table';

const USAGE = `Usage: npx tsx bench/hostile-json.ts [options]

Times parseRunFileText (the text reader: import, serve) and loadRunFile (the file reader: compare,
the results folder) on every adversarial case at --mb megabytes and on --random seeded mutations
of a valid run, and prints the slowest case.

  --mb <n>       size of each adversarial case in MB (default 8; the file limit is 50)
  --random <n>   random mutations of a valid run (default 200)
  --seed <n>     seed of the random cases (default 20261201)`;

const options: BenchOptions = {
  mb: { type: 'string' },
  random: { type: 'string' },
  seed: { type: 'string' },
};

async function time(read: () => unknown): Promise<{ ms: number; answer: string }> {
  const start = performance.now();
  let answer = 'read';
  try {
    await read();
  } catch (err) {
    answer = `refused: ${(err as Error).message.replace(/^.*?: /, '').slice(0, 60)}`;
  }
  return { ms: performance.now() - start, answer };
}

runBench<{ mb?: string; random?: string; seed?: string }>({
  usage: USAGE,
  options,
  async main(values) {
    const mb = countOption('--mb', values.mb, 8, { min: 1, max: 50 });
    const random = countOption('--random', values.random, 200, { min: 0, max: 100_000 });
    const seed = countOption('--seed', values.seed, 20261201, { min: 0, max: 2 ** 31 });
    process.stdout.write(`${await benchHeader('Untrusted JSON readers on hostile input', null)}\n\n`);
    const dir = mkdtempSync(join(tmpdir(), 'mountbench-bench-json-'));
    const rows: { name: string; bytes: number; text: number; file: number; answer: string }[] = [];
    try {
      for (const c of [...adversarialCases(mb * 1024 * 1024), ...randomCases(seed, random)]) {
        process.stderr.write(`${c.name}\n`);
        const text = await time(() => parseRunFileText(c.text, 'case'));
        const file = join(dir, 'case.json');
        writeFileSync(file, c.text);
        const loaded = await time(() => loadRunFile(file));
        rows.push({
          name: c.name,
          bytes: Buffer.byteLength(c.text),
          text: text.ms,
          file: loaded.ms,
          answer: text.answer,
        });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const shown = rows
      .filter((r) => !r.name.startsWith('random'))
      .concat(
        [...rows.filter((r) => r.name.startsWith('random'))].sort((a, b) => b.file - a.file).slice(0, 3),
      );
    process.stdout.write(
      `${textTable(
        ['case', 'size', 'text reader', 'file reader', 'answer'],
        shown.map((r) => [
          r.name,
          `${(r.bytes / 1024 / 1024).toFixed(2)} MB`,
          `${r.text.toFixed(1)} ms`,
          `${r.file.toFixed(1)} ms`,
          r.answer,
        ]),
        ['left', 'right', 'right', 'right', 'left'],
      )}\n`,
    );
    const slowest = rows.reduce((a, b) => (Math.max(b.text, b.file) > Math.max(a.text, a.file) ? b : a));
    process.stdout.write(
      `\n${rows.length} cases; slowest: "${slowest.name}" (${(slowest.bytes / 1024 / 1024).toFixed(2)} MB), ` +
        `${Math.max(slowest.text, slowest.file).toFixed(1)} ms\n`,
    );
  },
});
