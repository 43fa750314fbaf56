// `GET /info` on a unix socket, bounded: what the engine says about its kernel and OS. Used where
// a provider wants the engine's own word on the VM it runs in (Docker Desktop's Docker VMM).
import http from 'node:http';

export interface EngineInfo {
  kernelVersion: string | null;
  operatingSystem: string | null;
}

const MAX_BYTES = 1024 * 1024;

export function engineInfo(socketPath: string, timeoutMs = 5000): Promise<EngineInfo | null> {
  return new Promise((resolve) => {
    const req = http.request({ socketPath, path: '/info', method: 'GET', timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size > MAX_BYTES) req.destroy();
        else chunks.push(c);
      });
      res.on('end', () => {
        if (res.statusCode !== 200) return resolve(null);
        try {
          const info = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
          const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, 200) : null);
          resolve({ kernelVersion: text(info.KernelVersion), operatingSystem: text(info.OperatingSystem) });
        } catch {
          resolve(null);
        }
      });
      res.on('error', () => resolve(null));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
    req.end();
  });
}
