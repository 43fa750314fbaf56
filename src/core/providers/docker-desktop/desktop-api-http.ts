// One bounded HTTP request over a unix socket to Docker Desktop's own API (and the engine's `/info`,
// where its address is read): the answer is capped in size, the whole exchange in time, and a cancel
// aborts it. Docker Desktop's API is undocumented (docs/product-facts.md), so callers validate every
// answer themselves.
import http from 'node:http';
import { MountbenchError } from '../../../shared/errors';

/** A share list of a few dozen shares is a few KB; an answer past this is not one. */
export const MAX_DESKTOP_ANSWER_BYTES = 1024 * 1024;
export const DESKTOP_REQUEST_TIMEOUT_MS = 15_000;

export interface DesktopAnswer {
  status: number;
  body: string;
}

export function desktopRequest(
  socketPath: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  options: { body?: unknown; signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<DesktopAnswer> {
  const payload = options.body === undefined ? null : Buffer.from(JSON.stringify(options.body));
  const timeoutMs = options.timeoutMs ?? DESKTOP_REQUEST_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (err: MountbenchError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      reject(err);
    };
    const req = http.request(
      {
        socketPath,
        // A connection of its own, closed after the answer: Node's shared agent would otherwise hand
        // it an idle keep-alive connection dockerode left open to the same engine socket.
        agent: false,
        method,
        path,
        // Compose's client names the host `docker-desktop` (internal/desktop/client.go).
        headers: {
          host: 'docker-desktop',
          connection: 'close',
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > MAX_DESKTOP_ANSWER_BYTES)
            fail(
              new MountbenchError(
                'ENGINE_UNREACHABLE',
                `Docker Desktop's API answered ${method} ${path} with more than ${MAX_DESKTOP_ANSWER_BYTES} bytes`,
              ),
            );
          else chunks.push(c);
        });
        res.on('end', () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', (err) => fail(unreachable(method, path, err)));
      },
    );
    const timer = setTimeout(
      () =>
        fail(
          new MountbenchError(
            'ENGINE_UNREACHABLE',
            `Docker Desktop's API did not answer ${method} ${path} within ${timeoutMs / 1000} s`,
          ),
        ),
      timeoutMs,
    );
    const onAbort = () => fail(new MountbenchError('CANCELLED', `cancelled during ${method} ${path}`));
    if (options.signal?.aborted) onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    req.on('close', () => options.signal?.removeEventListener('abort', onAbort));
    req.on('error', (err) => fail(unreachable(method, path, err)));
    if (payload) req.write(payload);
    req.end();
  });
}

function unreachable(method: string, path: string, err: Error): MountbenchError {
  return new MountbenchError(
    'ENGINE_UNREACHABLE',
    `Docker Desktop's API did not answer ${method} ${path}: ${err.message}`,
    { cause: err },
  );
}
