// The pull stream as the engine (or a registry behind it, or a broken proxy) may send it: every
// outcome settles the promise, none escapes as an uncaught exception or unhandled 'error' event.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { followPull } from './follow-pull';

function pull(lines: (string | Error)[], end = true) {
  const stream = new PassThrough();
  const events: unknown[] = [];
  const done = followPull(stream, new AbortController().signal, (e) => events.push(e));
  for (const line of lines) {
    if (line instanceof Error) stream.destroy(line);
    else stream.write(line);
  }
  if (end && !stream.destroyed) stream.end();
  return { done, events, stream };
}

describe('following a pull stream', () => {
  it('reads progress lines split anywhere, the last one without a newline', async () => {
    const { done, events } = pull(['{"status":"Pulling', ' fs layer","id":"abc123"}\n{"status":"Done"}']);
    await done;
    expect(events).toEqual([{ status: 'Pulling fs layer', id: 'abc123' }, { status: 'Done' }]);
  });

  it("fails on the engine's error line, which dockerode takes for success", async () => {
    const { done } = pull(['{"status":"x"}\n{"errorDetail":{"message":"no"},"error":"manifest unknown"}\n']);
    await expect(done).rejects.toThrow('manifest unknown');
  });

  it('fails on a line that is not JSON instead of throwing out of the data handler', async () => {
    await expect(pull(['<html>proxy</html>\n']).done).rejects.toThrow(/not JSON/);
  });

  it('fails on an endless line', async () => {
    await expect(pull(['{"status":"' + 'x'.repeat(70 * 1024)], false).done).rejects.toThrow(/64 KiB/);
  });

  it('fails on a stream error, and a second error after it is not unhandled', async () => {
    const { done, stream } = pull([new Error('getaddrinfo ENOTFOUND nowhere.invalid')], false);
    await expect(done).rejects.toThrow('ENOTFOUND');
    stream.emit('error', new Error('again'));
  });

  it('fails when the stream closes before its end', async () => {
    const stream = new PassThrough();
    const done = followPull(stream, new AbortController().signal, () => {});
    stream.write('{"status":"half"}\n');
    stream.destroy();
    await expect(done).rejects.toThrow(/closed the pull stream early/);
  });

  it('answers a cancel at once, with the reason, and ends the stream', async () => {
    const stream = new PassThrough();
    const controller = new AbortController();
    const done = followPull(stream, controller.signal, () => {});
    controller.abort(new Error('cancelled'));
    await expect(done).rejects.toThrow('cancelled');
    expect(stream.destroyed).toBe(true);
  });
});
