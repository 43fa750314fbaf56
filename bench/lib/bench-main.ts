// What every benchmark script shares: option parsing with clear errors, Ctrl-C that cancels (so the
// script still removes its containers and folders), and one place that prints a failure.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { MountbenchError } from '../../src/shared/errors';
import { parseCount, parseList } from '../../src/cli/parse-options';

export type BenchOptions = NonNullable<ParseArgsConfig['options']>;

export interface BenchScript<V> {
  /** Printed by --help. */
  usage: string;
  options: BenchOptions;
  main(values: V, signal: AbortSignal): Promise<void>;
}

function parse(script: BenchScript<unknown>, argv: string[]): Record<string, unknown> | null {
  try {
    const { values } = parseArgs({
      args: argv,
      options: { ...script.options, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    });
    if (values.help) return null;
    return values;
  } catch (err) {
    // parseArgs throws TypeErrors with node's own wording: keep it, and point at the options.
    throw new MountbenchError('BAD_INPUT', `${(err as Error).message.replace(/\.$/, '')}; see --help`);
  }
}

export function runBench<V>(script: BenchScript<V>): void {
  const controller = new AbortController();
  let interrupts = 0;
  process.on('SIGINT', () => {
    interrupts += 1;
    if (interrupts > 1) process.exit(130);
    process.stderr.write('\ncancelling: cleaning up (Ctrl-C again to quit at once)…\n');
    controller.abort(new MountbenchError('CANCELLED', 'the benchmark was cancelled'));
  });
  const go = async () => {
    const values = parse(script as BenchScript<unknown>, process.argv.slice(2));
    if (values === null) {
      process.stdout.write(`${script.usage}\n`);
      return;
    }
    await script.main(values as V, controller.signal);
  };
  go().catch((err: unknown) => {
    const code = err instanceof MountbenchError ? ` [${err.code}]` : '';
    process.stderr.write(`bench: ${err instanceof Error ? err.message : String(err)}${code}\n`);
    process.exitCode = controller.signal.aborted ? 130 : 1;
  });
}

/** A whole-number option, with the CLI's own validation and wording. */
export function countOption(
  flag: string,
  value: string | undefined,
  fallback: number,
  range: { min: number; max: number },
): number {
  return value === undefined ? fallback : parseCount(flag, value, range);
}

/** A comma-separated option whose values must come from `valid`. */
export function listOption<T extends string>(
  flag: string,
  value: string | undefined,
  fallback: T[],
  valid: readonly T[],
): T[] {
  return value === undefined ? fallback : parseList(flag, value, valid);
}

/** One value out of `valid`. */
export function choiceOption<T extends string>(
  flag: string,
  value: string | undefined,
  fallback: T,
  valid: readonly T[],
): T {
  if (value === undefined) return fallback;
  if (!(valid as readonly string[]).includes(value))
    throw new MountbenchError(
      'BAD_INPUT',
      `unknown ${flag.replace(/^--/, '')} "${value}"; valid: ${valid.join(', ')}`,
    );
  return value as T;
}
