// One `docker exec` with its output collected and its exit code read. The abort signal reaches
// the API calls and tears down the attached stream, so a cancel never waits for a long workload.
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type Dockerode from 'dockerode';
import { exitCodeOf, type Inspectable } from './exec-exit';
import type { ExecResult } from './executor';
import { LineQueue, type ShellSession } from './shell-session';

const MAX_KEPT_BYTES = 1024 * 1024;

/** Keeps the tail of a stream: a chatty workload cannot exhaust memory. */
function collect(stream: PassThrough): () => string {
  const chunks: Buffer[] = [];
  let kept = 0;
  stream.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    kept += chunk.length;
    while (kept > MAX_KEPT_BYTES && chunks.length > 1) kept -= chunks.shift()!.length;
  });
  return () => Buffer.concat(chunks).toString('utf8');
}

export async function dockerExec(
  docker: Dockerode,
  container: Dockerode.Container,
  cmd: string[],
  options: { signal: AbortSignal; stdin?: Readable },
): Promise<ExecResult> {
  const { signal, stdin } = options;
  signal.throwIfAborted();
  const exec = await container.exec({
    Cmd: cmd,
    AttachStdout: true,
    AttachStderr: true,
    AttachStdin: Boolean(stdin),
    abortSignal: signal,
  } as Dockerode.ExecCreateOptions);
  const stream = (await exec.start({
    hijack: true,
    stdin: Boolean(stdin),
    abortSignal: signal,
  } as Dockerode.ExecStartOptions)) as NodeJS.ReadWriteStream & {
    destroy(error?: Error): void;
  };
  const out = new PassThrough();
  const err = new PassThrough();
  const stdout = collect(out);
  const stderr = collect(err);
  docker.modem.demuxStream(stream, out, err);
  const onAbort = () =>
    stream.destroy(signal.reason instanceof Error ? signal.reason : new Error('cancelled'));
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    const ended = new Promise<void>((resolve, reject) => {
      stream.on('end', resolve);
      stream.on('close', resolve);
      stream.on('error', reject);
    });
    // While stdin is still being written, an abort rejects `ended` before anyone awaits it.
    ended.catch(() => undefined);
    if (stdin) {
      // Half-close after the input so the process sees EOF while its output is still read.
      await pipeline(stdin, stream as unknown as NodeJS.WritableStream, { end: false });
      stream.end();
    }
    await ended;
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
  signal.throwIfAborted();
  const exitCode = await exitCodeOf(exec as unknown as Inspectable, signal);
  return { stdout: stdout(), stderr: stderr(), exitCode, markers: [] };
}

/** An exec with stdin kept open, read line by line as it answers (see shell-session.ts). */
export async function dockerExecSession(
  docker: Dockerode,
  container: Dockerode.Container,
  cmd: string[],
  signal: AbortSignal,
): Promise<ShellSession> {
  signal.throwIfAborted();
  const exec = await container.exec({
    Cmd: cmd,
    AttachStdout: true,
    AttachStderr: true,
    AttachStdin: true,
    abortSignal: signal,
  } as Dockerode.ExecCreateOptions);
  const stream = (await exec.start({
    hijack: true,
    stdin: true,
    abortSignal: signal,
  } as Dockerode.ExecStartOptions)) as NodeJS.ReadWriteStream & {
    destroy(error?: Error): void;
  };
  const queue = new LineQueue();
  const out = new PassThrough();
  const err = new PassThrough();
  const stderr = collect(err);
  out.setEncoding('utf8').on('data', (chunk: string) => queue.push(chunk));
  docker.modem.demuxStream(stream, out, err);
  const ended = (reason: string) =>
    queue.end(new Error(`${reason}${stderr() ? `: ${stderr().trim()}` : ''}`));
  stream.on('end', () => ended('the shell in the container ended'));
  stream.on('close', () => ended('the shell in the container ended'));
  stream.on('error', (e: Error) => ended(e.message));
  const onAbort = () => stream.destroy(new Error('cancelled'));
  signal.addEventListener('abort', onAbort, { once: true });
  return {
    send: (line) => void stream.write(`${line}\n`),
    nextLine: (timeoutMs) => queue.next(timeoutMs),
    close: async () => {
      signal.removeEventListener('abort', onAbort);
      stream.destroy();
    },
  };
}
