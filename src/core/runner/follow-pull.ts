// Reads the engine's pull stream (JSON lines of POST /images/create) to its end, as one promise
// that always settles: dockerode's followProgress parses each line with JSON.parse inside a
// 'data' handler (a line that is not JSON throws out of the event loop and ends the process),
// drops its 'error' listener after the first error (a second one is unhandled) and takes an
// `{"error": …}` line, the engine's way of saying the pull failed, for success.
/** A progress line is a few hundred bytes; more without a newline is not the engine speaking. */
const LINE_MAX = 64 * 1024;

export function followPull(
  stream: NodeJS.ReadableStream,
  signal: AbortSignal,
  onEvent: (event: unknown) => void,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let buffered = '';
    let settled = false;
    const destroy = () => (stream as { destroy?: (err?: Error) => void }).destroy?.();
    const finish = (err: unknown) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', abort);
      stream.removeListener('data', onData);
      if (err === null) resolve();
      else {
        destroy();
        reject(err);
      }
    };
    const abort = () => finish(signal.reason);
    const line = (text: string) => {
      const trimmed = text.trim();
      if (!trimmed) return;
      let event: unknown;
      try {
        event = JSON.parse(trimmed);
      } catch {
        throw new Error('the engine answered the pull with a line that is not JSON');
      }
      const failure = (event as { error?: unknown } | null)?.error;
      if (failure !== undefined) throw new Error(typeof failure === 'string' ? failure : 'the pull failed');
      onEvent(event);
    };
    const onData = (chunk: Buffer | string) => {
      try {
        buffered += chunk.toString();
        let newline: number;
        while ((newline = buffered.indexOf('\n')) >= 0) {
          line(buffered.slice(0, newline));
          buffered = buffered.slice(newline + 1);
        }
        if (buffered.length > LINE_MAX) throw new Error('the engine sent a pull line longer than 64 KiB');
      } catch (err) {
        finish(err);
      }
    };
    const onEnd = () => {
      try {
        line(buffered);
        finish(null);
      } catch (err) {
        finish(err);
      }
    };
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    stream.on('data', onData);
    // Kept for the stream's whole life: an error after the answer must not be an unhandled event.
    stream.on('error', (err: Error) => finish(err));
    stream.on('end', onEnd);
    stream.on('close', () => finish(settled ? null : new Error('the engine closed the pull stream early')));
  });
}
