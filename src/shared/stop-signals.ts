// The signals that ask a long-lived Mountbench process (serve, the desktop app's main process) to
// stop: Ctrl-C, `kill`, and a closed terminal or ended SSH session (SIGHUP). Node's default for each
// is to exit at once, which leaves a run's containers, volume and work folder behind, loses its
// finished results and, mid-apply, another product's settings changed. So each one is caught and
// turned into the clean stop the process already has.

export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
export type StopSignal = (typeof STOP_SIGNALS)[number];

interface SignalSource {
  on(name: StopSignal, listener: () => void): unknown;
  off(name: StopSignal, listener: () => void): unknown;
}

/**
 * Calls `onStop` for the first stop signal and `onAgain` for every later one. Returns a function
 * that stops listening. After SIGHUP the terminal is gone: a write to it fails with EIO or EPIPE,
 * and an unhandled stream error would end the process in the middle of cleaning up.
 */
export function onStopSignals(
  onStop: (signal: StopSignal) => void,
  onAgain: (signal: StopSignal) => void,
  source: SignalSource = process,
): () => void {
  let stopped = false;
  const listeners = STOP_SIGNALS.map((name) => {
    const listener = () => {
      if (stopped) return onAgain(name);
      stopped = true;
      if (name === 'SIGHUP' && source === process) {
        process.stdout.on('error', () => undefined);
        process.stderr.on('error', () => undefined);
      }
      onStop(name);
    };
    source.on(name, listener);
    return [name, listener] as const;
  });
  return () => {
    for (const [name, listener] of listeners) source.off(name, listener);
  };
}
