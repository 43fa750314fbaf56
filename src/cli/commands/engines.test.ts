import fs from 'node:fs/promises';
import path from 'node:path';
import { Command } from 'commander';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DiscoveredEngine } from '../../shared/engine';
import { discoverEngineReport } from '../../core/engines/discover';
import type { DiscoveryOptions } from '../../core/engines/discovery-options';
import { startFakeEngine, type FakeEngine } from '../../core/engines/test-support/fake-engine';
import { makeTempHome, writeDockerConfig, type TempHome } from '../../core/engines/test-support/temp-home';
import { formatEnginesTable, registerEnginesCommand } from './engines';

let temp: TempHome;
let fake: FakeEngine | undefined;
beforeEach(async () => {
  temp = await makeTempHome();
});
afterEach(async () => {
  await fake?.close();
  fake = undefined;
  await temp.remove();
});

/** Runs `mountbench engines ARGS` with discovery aimed at the temp home; returns what it printed. */
async function run(args: string[]): Promise<{ out: string; err: string; seen: DiscoveryOptions[] }> {
  const printed = { out: '', err: '' };
  const seen: DiscoveryOptions[] = [];
  const program = new Command('mountbench').exitOverride();
  registerEnginesCommand(program, {
    discover: (options) => {
      seen.push(options);
      return discoverEngineReport({
        ...options,
        env: {},
        home: temp.home,
        systemSocketPath: temp.systemSocketPath,
      });
    },
    out: (text) => (printed.out += text),
    err: (text) => (printed.err += text),
  });
  await program.parseAsync(['engines', ...args], { from: 'user' });
  return { ...printed, seen };
}

describe('mountbench engines', () => {
  beforeEach(async () => {
    const rdSocket = path.join(temp.home, '.rd', 'docker.sock');
    await fs.mkdir(path.dirname(rdSocket), { recursive: true });
    fake = await startFakeEngine('docker', { socketPath: rdSocket });
  });

  it('prints a table with the current marker, the reachable engine and why the other is not', async () => {
    const { out } = await run([]);
    const lines = out.split('\n');
    expect(lines[0]).toMatch(/^NAME\s+PROVIDER\s+ENDPOINT\s+VERSION\s+OS\s+ARCH\s+CPUS\s+MEMORY\s+STATUS$/);
    const defaultRow = lines.find((line) => line.startsWith('default *'));
    expect(defaultRow).toContain(`unreachable: no socket at ${temp.systemSocketPath}`);
    const rdRow = lines.find((line) => line.startsWith('rancher-desktop '));
    expect(rdRow).toMatch(
      /rancher-desktop\s+unix:\/\/.*\.rd\/docker\.sock\s+27\.3\.1 \(API 1\.47\)\s+Docker Desktop\s+linux\/aarch64\s+8\s+7\.7 GiB\s+reachable$/,
    );
    expect(out).toContain('* the engine the docker CLI uses now');
  });

  it('prints JSON with --json', async () => {
    const { out } = await run(['--json']);
    const engines = JSON.parse(out) as DiscoveredEngine[];
    expect(engines.map((e) => [e.name, e.reachable])).toEqual([
      ['default', false],
      ['rancher-desktop', true],
    ]);
  });

  it('passes --timeout to discovery in milliseconds', async () => {
    const { seen } = await run(['--timeout', '0.5']);
    expect(seen[0]?.timeoutMs).toBe(500);
  });

  it('refuses a timeout that is not a positive number', async () => {
    await expect(run(['--timeout', 'soon'])).rejects.toMatchObject({ code: 'BAD_INPUT' });
    await expect(run(['--timeout', '-1'])).rejects.toMatchObject({ code: 'BAD_INPUT' });
  });

  it('refuses a timeout past what a timer holds instead of overflowing it to 1 ms', async () => {
    await expect(run(['--timeout', '1e9'])).rejects.toMatchObject({ code: 'BAD_INPUT' });
    await expect(run(['--timeout', '3000000'])).rejects.toThrow(/between 0\.1 and 600 seconds/);
  });

  it('warns about problems that belong to no engine', async () => {
    await writeDockerConfig(path.join(temp.home, '.docker'), '{ broken');
    const { err } = await run([]);
    expect(err).toMatch(/^warning: .*config\.json is not valid JSON/);
  });
});

describe('formatting', () => {
  it('says so when there is no engine at all', () => {
    expect(formatEnginesTable([])).toBe('No Docker engine found.\n');
  });

  it('writes memory in binary units, as the dashboard does', () => {
    const engine: DiscoveredEngine = {
      name: 'default',
      endpoint: 'unix:///var/run/docker.sock',
      source: 'socket',
      provider: 'docker-engine',
      current: true,
      reachable: true,
      memoryBytes: 8_217_473_024,
    };
    const table = formatEnginesTable([engine]);
    expect(table).toContain('7.7 GiB');
  });
});
