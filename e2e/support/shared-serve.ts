// The serve process global-setup.ts starts, as the workers see it (through the environment).
import { join } from 'node:path';

export const SHARED_SERVE_ENV = {
  url: 'MOUNTBENCH_E2E_SERVE_URL',
  pid: 'MOUNTBENCH_E2E_SERVE_PID',
  dataDir: 'MOUNTBENCH_E2E_DATA_DIR',
  cacheDir: 'MOUNTBENCH_E2E_CACHE_DIR',
} as const;

export interface SharedServe {
  url: string;
  pid: number;
  dataDir: string;
  cacheDir: string;
  resultsDir: string;
}

export function sharedServe(): SharedServe {
  const get = (name: string) => {
    const value = process.env[name];
    if (!value) throw new Error(`${name} is not set: run the flows with the e2e config (global setup)`);
    return value;
  };
  const dataDir = get(SHARED_SERVE_ENV.dataDir);
  return {
    url: get(SHARED_SERVE_ENV.url),
    pid: Number(get(SHARED_SERVE_ENV.pid)),
    dataDir,
    cacheDir: get(SHARED_SERVE_ENV.cacheDir),
    resultsDir: join(dataDir, 'results'),
  };
}
