// SIGINT (Ctrl-C), SIGTERM (`kill`) and SIGHUP (a closed terminal) sent to a real `mountbench`
// child during `run`, `sweep --yes` and `apply --yes`: each cancels as Ctrl-C does. Finished
// results are saved, nothing the run made is left on the engine (looked up by the child's own owner
// label), and another product's settings file is byte-identical to before. Docker Desktop is the
// stand-in sandbox (test/stand-ins); its socket forwards to the real engine.
//
// Each command gets one signal, and each signal reaches a real process at least once: that every
// one of the three cancels alike, with its own exit code, is cancel-on-signal.test.ts's to show.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { findUnfinishedJournals } from '../../src/core/journal';
import { runFileSchema, type RunFile } from '../../src/shared/result-schema';
import { createStandinSandbox, DD_SETTINGS_DIR, type StandinSandbox } from '../stand-ins/sandbox';
import { mountbenchChild } from '../support/mountbench-cli';
import { fuseMountsBelow, image, labelledLeftovers, tempDir } from './support';

const EXIT_CODE = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;
type CancelSignal = keyof typeof EXIT_CODE;

const root = tempDir('signals');
afterAll(() => root.remove());

let sb: StandinSandbox | null = null;
afterEach(async () => {
  await sb?.remove();
  sb = null;
});

function savedRuns(dataDir: string): RunFile[] {
  const dir = join(dataDir, 'results');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).map((f) => runFileSchema.parse(JSON.parse(readFileSync(join(dir, f), 'utf8'))));
}

/** Sends `signal` once, the first time stderr matches `when`. */
function sendOnce(signal: NodeJS.Signals, when: RegExp) {
  const state = { sent: false };
  return {
    state,
    onStderr: (text: string, child: { kill(s: NodeJS.Signals): boolean; exitCode: number | null }) => {
      if (!state.sent && when.test(text) && child.exitCode === null) {
        state.sent = true;
        child.kill(signal);
      }
    },
  };
}

/** A data and cache folder of the test's own, so its saved runs and work folders are its alone. */
function ownFolders(name: string) {
  const dir = join(root.path, name);
  return {
    dir,
    env: { ...process.env, MOUNTBENCH_DATA_DIR: join(dir, 'data'), MOUNTBENCH_CACHE_DIR: join(dir, 'cache') },
  };
}

/** dd-write finishes first; small-file-read (and further backends) are still to come when it does. */
const TWO_WORKLOADS = [
  '--workload',
  'dd-write,small-file-read',
  '--size',
  'quick',
  '--runs',
  '5',
  '--warmup',
  '0',
];

/** Docker Desktop's stand-in, slow to start so a signal lands while it starts on the new setting. */
function slowDockerDesktop(): { sandbox: StandinSandbox; settings: string; before: Buffer } {
  const sandbox = createStandinSandbox({
    dockerDesktop: 'settings-store-json-4.35',
    env: { MOUNTBENCH_IMAGE: image, STANDIN_DOCKER_DESKTOP_START_MS: '5000' },
  });
  sb = sandbox;
  const settings = sandbox.file(...DD_SETTINGS_DIR, 'settings-store.json');
  return { sandbox, settings, before: readFileSync(settings) };
}

/** The test's name for a signal and the exit code it gives. */
const named = (signal: CancelSignal) => `${signal} (exit ${EXIT_CODE[signal]})`;

describe('a signal cancels as Ctrl-C does', () => {
  it(`${named('SIGHUP')} during \`run\`: saves the finished results, removes what the run made and says so`, async () => {
    const signal: CancelSignal = 'SIGHUP';
    const exitCode = EXIT_CODE[signal];
    const { env } = ownFolders(`run-${signal}`);
    const trigger = sendOnce(signal, /^done /m);
    const out = await mountbenchChild(['run', '--mount', 'volume,tmpfs', ...TWO_WORKLOADS], env, {
      onStderr: trigger.onStderr,
    });
    expect(trigger.state.sent).toBe(true);
    expect(out.code).toBe(exitCode);
    expect(out.stderr).toContain('cancelled; everything the run created was removed');
    const runs = savedRuns(env.MOUNTBENCH_DATA_DIR);
    expect(runs).toHaveLength(1);
    expect(runs[0].status).toBe('cancelled');
    expect(runs[0].results.map((r) => r.workload.id)).toContain('dd-write');
    expect(await labelledLeftovers({ ownerPid: out.pid })).toEqual({ containers: [], volumes: [] });
    expect(readdirSync(join(env.MOUNTBENCH_CACHE_DIR, 'runs'))).toEqual([]);
  });

  it(`${named('SIGTERM')} during \`sweep --yes\` on the plain engine: saves what finished and leaves nothing behind`, async () => {
    const signal: CancelSignal = 'SIGTERM';
    const exitCode = EXIT_CODE[signal];
    const { dir, env } = ownFolders(`sweep-${signal}`);
    const trigger = sendOnce(signal, /^done /m);
    const out = await mountbenchChild(
      [
        'sweep',
        '--provider',
        'docker-engine',
        '--variants',
        'native,fuse',
        '--mount',
        'bind,volume',
        ...TWO_WORKLOADS,
        '--yes',
      ],
      env,
      { onStderr: trigger.onStderr },
    );
    expect(trigger.state.sent).toBe(true);
    expect(out.code).toBe(exitCode);
    expect(out.stderr).toMatch(/cancelled; settings were put back/);
    const runs = savedRuns(env.MOUNTBENCH_DATA_DIR);
    expect(runs).toHaveLength(1);
    expect(runs[0].results.length).toBeGreaterThan(0);
    expect(await findUnfinishedJournals(env.MOUNTBENCH_DATA_DIR)).toEqual([]);
    expect(fuseMountsBelow(dir)).toEqual([]);
    expect(await labelledLeftovers({ ownerPid: out.pid })).toEqual({ containers: [], volumes: [] });
  });

  it(`${named('SIGINT')} during \`sweep --yes\` on Docker Desktop (stand-in): puts the settings file back byte for byte`, async () => {
    const signal: CancelSignal = 'SIGINT';
    const exitCode = EXIT_CODE[signal];
    const { sandbox, settings, before } = slowDockerDesktop();
    const trigger = sendOnce(signal, /vz-grpcfuse: wait/);
    const out = await mountbenchChild(
      ['sweep', '--provider', 'docker-desktop', '--variants', 'vz-grpcfuse', ...TWO_WORKLOADS, '--yes'],
      sandbox.env,
      { onStderr: trigger.onStderr },
    );
    expect(trigger.state.sent).toBe(true);
    expect(out.code).toBe(exitCode);
    expect(out.stderr).toMatch(/cancelled; settings were put back/);
    expect(readFileSync(settings, 'utf8')).toBe(before.toString('utf8'));
    expect(await findUnfinishedJournals(sandbox.dataDir)).toEqual([]);
    expect(await labelledLeftovers({ ownerPid: out.pid })).toEqual({ containers: [], volumes: [] });
  });

  it(`${named('SIGHUP')} during \`apply --yes\` on Docker Desktop (stand-in): puts the settings file back byte for byte`, async () => {
    const signal: CancelSignal = 'SIGHUP';
    const exitCode = EXIT_CODE[signal];
    const { sandbox, settings, before } = slowDockerDesktop();
    const trigger = sendOnce(signal, /^wait/m);
    const out = await mountbenchChild(
      ['apply', '--provider', 'docker-desktop', '--variant', 'vz-grpcfuse', '--yes'],
      sandbox.env,
      { onStderr: trigger.onStderr },
    );
    expect(trigger.state.sent).toBe(true);
    expect(out.code).toBe(exitCode);
    expect(out.stdout).toMatch(/original settings were put back/);
    expect(readFileSync(settings).equals(before)).toBe(true);
    expect(await findUnfinishedJournals(sandbox.dataDir)).toEqual([]);
  });
});
