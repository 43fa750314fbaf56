// One answer to Ctrl-C, `kill` (SIGTERM) and a closed terminal (SIGHUP) for the commands that
// create things or change another product's settings (run, sweep --yes, apply --yes): the first
// signal cancels, and the core then saves what finished, removes what it made and puts settings
// back. What a later signal does depends on the command: a run may quit at once (its leftovers are
// labelled and cleared by the next start), a settings change only warns, because quitting while the
// settings are being put back would leave the product changed until `mountbench restore`.

import { errorText } from './error-text';

export const CANCEL_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
export type CancelSignal = (typeof CANCEL_SIGNALS)[number];

/** The shell's convention: 128 + the signal's number. */
const EXIT_CODES: Record<CancelSignal, number> = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 };

export interface CancelOnSignalOptions {
  /** Said once, on the first signal. */
  cancelling: string;
  /** `quit`: a second signal exits at once; `warn`: it only says what quitting would leave. */
  again: 'quit' | 'warn';
}

export interface SignalCancel {
  readonly signal: AbortSignal;
  /** The first signal received, or null. */
  received(): CancelSignal | null;
  /** 128 + the first signal's number (130 when cancelled otherwise). */
  exitCode(): number;
  /**
   * For an error that ended the command: after a signal it is the cancel's outcome, said as such with
   * the signal's exit code (returns true); otherwise returns false and the caller rethrows.
   */
  endedBy(err: unknown, said?: string): boolean;
  /** Stops listening; safe to call more than once. */
  dispose(): void;
}

function say(text: string): void {
  try {
    process.stderr.write(text);
  } catch {
    // a closed terminal must not stop the clean-up
  }
}

export function cancelOnSignal(options: CancelOnSignalOptions): SignalCancel {
  const controller = new AbortController();
  let first: CancelSignal | null = null;
  const onSignal = (name: CancelSignal) => {
    if (first) {
      if (options.again === 'quit') process.exit(EXIT_CODES[first]);
      say('\nstill putting settings back; if you quit now, run `mountbench restore` later\n');
      return;
    }
    first = name;
    // After SIGHUP the terminal is gone: a write to it fails with EIO or EPIPE, and an unhandled
    // stream error would end the process in the middle of cleaning up.
    process.stdout.on('error', () => undefined);
    process.stderr.on('error', () => undefined);
    const hint = options.again === 'quit' ? ' (Ctrl-C again to quit at once)' : '';
    say(`\n${name === 'SIGINT' ? '' : `${name}: `}${options.cancelling}${hint}\n`);
    controller.abort();
  };
  const listeners = CANCEL_SIGNALS.map((name) => {
    const listener = () => onSignal(name);
    process.on(name, listener);
    return [name, listener] as const;
  });
  return {
    signal: controller.signal,
    received: () => first,
    exitCode: () => (first ? EXIT_CODES[first] : EXIT_CODES.SIGINT),
    endedBy: (err, said) => {
      if (!first) return false;
      say(`${said ?? `cancelled: ${errorText(err)}`}\n`);
      process.exitCode = EXIT_CODES[first];
      return true;
    },
    dispose: () => {
      for (const [name, listener] of listeners) process.off(name, listener);
    },
  };
}
