// One page request from the host, as a browser reloading sees it: a fresh TCP connection
// (keep-alive off), the whole response read, the time from send to the last byte on this
// process's monotonic clock. The answer is untrusted: bounded in size and time.
import { request } from 'node:http';
import { MountbenchError } from '../../shared/errors';

const MAX_BODY_BYTES = 64 * 1024;

export interface PageResponse {
  status: number;
  body: string;
  /** Seconds from sending the request to the response's last byte. */
  seconds: number;
}

export function getPage(
  port: number,
  path: string,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<PageResponse> {
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const began = performance.now();
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'GET',
        agent: false,
        headers: { Connection: 'close' },
        signal,
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BODY_BYTES) {
            req.destroy(
              new MountbenchError(
                'WORKLOAD_FAILED',
                `the page is larger than ${MAX_BODY_BYTES} bytes: not the app's`,
              ),
            );
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            seconds: (performance.now() - began) / 1000,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () =>
      req.destroy(
        new MountbenchError('WORKLOAD_FAILED', `the page did not answer within ${timeoutMs / 1000} s`),
      ),
    );
    req.on('error', reject);
    req.end();
  });
}
