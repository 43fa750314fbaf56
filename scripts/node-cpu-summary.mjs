#!/usr/bin/env node
// Sums a node-cpu-log.cjs log by command: which Node processes a test run started, how many, and
// the CPU they spent, most first. A command is its program and first arguments, with temporary
// folders folded together, so 400 `limactl list --json` from 60 sandboxes are one row.
//
// Usage: node scripts/node-cpu-summary.mjs <log> [--top N]
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

const MAX_LOG_BYTES = 64 * 1024 * 1024;

/** The row a logged command line counts under. */
export function commandKey(argv) {
  const words = argv.split(' ').filter(Boolean);
  if (words.length === 0) return '?';
  const program = basename(words[0]);
  // The tests' CLI children start the bundle through the code-cache loader: name the command.
  if (program === 'cli-code-cache.cjs') return `mountbench ${words[2] ?? ''}`.trim();
  if (program === 'index.js' && words[0].includes('out/cli/')) return `mountbench ${words[1] ?? ''}`.trim();
  return [program, ...words.slice(1, 3)].join(' ').replace(/\/tmp\/\S+/g, '<tmp>');
}

/** `{ key, processes, cpu }` rows from the log's text, most CPU first; malformed lines are skipped. */
export function summarize(text) {
  const rows = new Map();
  for (const line of text.split('\n')) {
    const fields = line.split('\t');
    if (fields.length < 5) continue;
    const cpu = Number(fields[2]);
    if (!Number.isFinite(cpu) || cpu < 0) continue;
    const key = commandKey(fields.slice(4).join(' '));
    const row = rows.get(key) ?? { key, processes: 0, cpu: 0 };
    row.processes += 1;
    row.cpu += cpu;
    rows.set(key, row);
  }
  return [...rows.values()].sort((a, b) => b.cpu - a.cpu);
}

function main(argv) {
  const file = argv.find((a) => !a.startsWith('--'));
  const topAt = argv.indexOf('--top');
  const top = topAt >= 0 ? Number.parseInt(argv[topAt + 1] ?? '', 10) : 25;
  if (!file || !(top > 0)) {
    process.stderr.write('usage: node scripts/node-cpu-summary.mjs <log> [--top N]\n');
    return 2;
  }
  const text = readFileSync(file, 'utf8');
  if (text.length > MAX_LOG_BYTES) {
    process.stderr.write(`${file} is over ${MAX_LOG_BYTES} bytes: not a log of one run\n`);
    return 2;
  }
  const rows = summarize(text);
  const total = rows.reduce((sum, r) => sum + r.cpu, 0);
  const count = rows.reduce((sum, r) => sum + r.processes, 0);
  process.stdout.write(`${total.toFixed(1)} s of CPU in ${count} Node processes\n`);
  for (const r of rows.slice(0, top))
    process.stdout.write(
      `${r.cpu.toFixed(1).padStart(8)} s ${String(r.processes).padStart(6)} × ${(r.cpu / r.processes).toFixed(3)} s  ${r.key}\n`,
    );
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = main(process.argv.slice(2));
