// The docker-sync.yml Mountbench writes, read back by the docker-sync STAND-IN's config reader,
// which checks docker-sync's documented rules (version "2", syncs, src, sync_strategy).
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dockerSyncYaml } from './docker-sync';

const require = createRequire(import.meta.url);
const { loadConfig } = require('../../../test/stand-ins/lib/docker-sync-config.cjs') as {
  loadConfig(dir: string): { syncs: { name: string; src: string; strategy: string; excludes: unknown[] }[] };
};

const root = mkdtempSync(join(tmpdir(), 'mb-docker-sync-yml-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('docker-sync.yml', () => {
  it('is version "2" with one native_osx sync of the host folder', () => {
    const src = join(root, "it's data");
    mkdirSync(src);
    writeFileSync(join(root, 'docker-sync.yml'), dockerSyncYaml('mountbench-r1-0-sync', src));
    expect(loadConfig(root).syncs).toEqual([
      { name: 'mountbench-r1-0-sync', src, strategy: 'native_osx', excludes: [], userid: '0' },
    ]);
  });

  it('starts with the version line docker-sync requires', () => {
    expect(dockerSyncYaml('s', '/x').split('\n')).toContain('version: "2"');
  });

  it('refuses a sync name docker could not use for a volume', () => {
    expect(() => dockerSyncYaml('bad name', '/x')).toThrow(/bad docker-sync name/);
  });
});
