import { describe, expect, it } from 'vitest';
import { commandKey, summarize } from './node-cpu-summary.mjs';

describe('node-cpu-summary', () => {
  it('names the CLI children by their command and folds the sandboxes of stand-in CLIs together', () => {
    expect(commandKey('/r/test/support/cli-code-cache.cjs /r/out/cli/index.js restore')).toBe(
      'mountbench restore',
    );
    expect(commandKey('/tmp/mb-sb-a1/bin/limactl list --json')).toBe('limactl list --json');
    expect(commandKey('/r/test/stand-ins/lib/engine-vm.cjs {"stateFile":"/tmp/x/y"}')).toBe(
      'engine-vm.cjs {"stateFile":"<tmp>',
    );
  });

  it('sums processes and CPU per command, most CPU first, and skips what is not a log line', () => {
    const log = [
      '1\t0\t0.100\t0.1\t/tmp/a/bin/limactl list --json',
      '2\t0\t0.120\t0.1\t/tmp/b/bin/limactl list --json',
      '3\t0\t0.300\t0.4\t/r/test/support/cli-code-cache.cjs /r/out/cli/index.js sweep --provider lima',
      'garbage',
      '4\t0\tNaN\t0.1\t/tmp/c/bin/colima list --json',
      '',
    ].join('\n');
    const rows = summarize(log);
    expect(rows.map((r) => [r.key, r.processes, Number(r.cpu.toFixed(3))])).toEqual([
      ['mountbench sweep', 1, 0.3],
      ['limactl list --json', 2, 0.22],
    ]);
  });
});
