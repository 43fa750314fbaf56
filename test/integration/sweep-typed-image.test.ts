// A bench image the user types for a sweep (`--image`) is theirs to choose, also on a registry at a
// loopback address: the sweep asks the engine for it, as a run does (project-cli.test.ts), where a
// page's sweep request with the same name is refused before the engine is called (checkedBenchImage).
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support';
import { mountbenchChild } from '../support/mountbench-cli';

const root = tempDir('sweep-typed-image');
afterAll(() => root.remove());
const env = {
  ...process.env,
  MOUNTBENCH_DATA_DIR: join(root.path, 'data'),
  MOUNTBENCH_CACHE_DIR: join(root.path, 'cache'),
};

describe('mountbench sweep --image on a loopback registry', () => {
  it('is taken when typed: the engine is asked for it (and the pull fails against this listener)', async () => {
    let calls = 0;
    const listener = createServer((c) => {
      calls++;
      c.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const beacon = `127.0.0.1:${(listener.address() as AddressInfo).port}/beacon:1`;
    try {
      const out = await mountbenchChild(
        [
          'sweep',
          '--provider',
          'docker-engine',
          '--variants',
          'native',
          '--mount',
          'bind',
          '--workload',
          'dd-write',
          '--size',
          'quick',
          '--runs',
          '1',
          '--warmup',
          '0',
          '--image',
          beacon,
          '--yes',
        ],
        env,
      );
      expect(out.stderr + out.stdout).not.toMatch(/loopback address/);
      expect(out.stderr + out.stdout).toContain(`could not pull the bench image ${beacon}`);
      expect(calls).toBeGreaterThan(0);
    } finally {
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    }
  }, 300_000);
});
