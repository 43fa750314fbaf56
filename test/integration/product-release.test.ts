// A plain run's product release, read as a sweep reads it: from the product's own detection on the
// colima and OrbStack stand-ins (their `colima version` / `orb version` print what the real CLIs
// print; docs/product-facts.md). Only the stand-ins' CLIs run here; no engine is needed.
import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import type { EngineInfo } from '../../src/shared/result-schema';
import { withProductRelease } from '../../src/core/runner/product-release';
import { sampleRun } from '../../src/core/store/test-support/run-fixture';
import { createStandinSandbox, type StandinSandbox } from '../stand-ins/sandbox';

const base = sampleRun().engine as EngineInfo;
const engineOf = (provider: EngineInfo['provider']): EngineInfo => ({
  ...base,
  provider,
  productVersion: null,
});

let sb: StandinSandbox | null = null;
afterEach(() => {
  sb?.remove();
  sb = null;
});

describe('withProductRelease', () => {
  it.each([
    ['colima', { colimaDefault: true }, ['colima', 'version']],
    ['orbstack', { orbstack: true }, ['orb', 'version']],
  ] as const)('records %s’s release from its own CLI', async (provider, options, command) => {
    sb = createStandinSandbox(options);
    const printed = execFileSync(command[0], command.slice(1), { env: sb.env, encoding: 'utf8' });
    const engine = await withProductRelease(engineOf(provider), { env: sb.env });
    expect(engine.productVersion).toMatch(/^\d+\.\d+/);
    expect(printed).toContain(engine.productVersion);
    expect({ ...engine, productVersion: null }).toEqual(engineOf(provider));
  });

  it('leaves the engine as it was when the product cannot tell (not installed), and never asks for the plain engine', async () => {
    sb = createStandinSandbox({});
    expect(await withProductRelease(engineOf('colima'), { env: sb.env })).toEqual(engineOf('colima'));
    const plain = engineOf('docker-engine');
    expect(await withProductRelease(plain, { env: sb.env })).toBe(plain);
    const known = { ...engineOf('docker-desktop'), productVersion: '4.37.1' };
    expect(await withProductRelease(known, { env: sb.env })).toBe(known);
  });
});
