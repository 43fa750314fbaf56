// Where Docker Desktop's own API listens: the engine says so in its info labels,
// `com.docker.desktop.address=unix:///Users/…/Library/Containers/com.docker.docker/Data/docker-cli.sock`
// (npipe:// on Windows). An engine without the label is not Docker Desktop's.
import http from 'node:http';
import { parseUntrustedJson } from '../../../shared/json-limits';

export const DESKTOP_ADDRESS_LABEL = 'com.docker.desktop.address';
const MAX_INFO_BYTES = 1024 * 1024;

export type DesktopAddress =
  { kind: 'unix'; socketPath: string } | { kind: 'unsupported'; address: string } | { kind: 'none' };

/** The address in an engine's `/info` `Labels` (a list of `key=value` strings); anything else is none. */
export function desktopAddressFromLabels(labels: unknown): DesktopAddress {
  if (!Array.isArray(labels)) return { kind: 'none' };
  const prefix = `${DESKTOP_ADDRESS_LABEL}=`;
  const found = labels.find((l): l is string => typeof l === 'string' && l.startsWith(prefix));
  if (!found) return { kind: 'none' };
  const address = found.slice(prefix.length).slice(0, 4096);
  if (address.startsWith('unix://')) {
    const socketPath = address.slice('unix://'.length);
    if (socketPath.startsWith('/') && !socketPath.includes('\0')) return { kind: 'unix', socketPath };
  }
  return { kind: 'unsupported', address };
}

/** Reads the engine's `/info` on `engineSocket` (bounded, timed); null when it gives none. */
export function engineLabels(engineSocket: string, timeoutMs = 5000): Promise<unknown> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        socketPath: engineSocket,
        path: '/info',
        method: 'GET',
        timeout: timeoutMs,
        headers: { connection: 'close' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > MAX_INFO_BYTES) req.destroy();
          else chunks.push(c);
        });
        res.on('end', () => {
          // Docker Desktop's CLI proxy has been seen to answer 400 with an empty info that still
          // carries the label (testcontainers reports, docs/product-facts.md): the status is not checked.
          try {
            const parsed = parseUntrustedJson(Buffer.concat(chunks).toString('utf8'));
            if ('refused' in parsed || !parsed.value || typeof parsed.value !== 'object')
              return resolve(null);
            resolve((parsed.value as Record<string, unknown>).Labels ?? null);
          } catch {
            resolve(null);
          }
        });
        res.on('error', () => resolve(null));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
    req.end();
  });
}
