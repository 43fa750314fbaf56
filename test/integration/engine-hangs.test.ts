// An engine that hangs or is not there, and a host command that starts children of its own: the
// CLI refuses or cancels with a sentence instead of hanging, measuring another engine, or leaving
// processes behind. The wedged engine is a stand-in (it answers the probe, then nothing, as a stuck
// VM does); everything else is the real engine and real processes.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connectEngine } from '../../src/core/engines';
import { startFakeEngine } from '../../src/core/engines/test-support/fake-engine';
import { dockerExec } from '../../src/core/runner/docker-exec';
import { mountbenchChild } from '../support/mountbench-cli';
import { docker, image, tempDir } from './support';

const root = tempDir('engine-hangs');
afterAll(() => root.remove());
const envFor = (name: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    MOUNTBENCH_DATA_DIR: join(root.path, name, 'data'),
    MOUNTBENCH_CACHE_DIR: join(root.path, name, 'cache'),
    ...extra,
  };
  delete env.DOCKER_CONTEXT;
  return env;
};
/** The run files saved under a test's data folder (its results folder is made before any work). */
const savedIn = (name: string): string[] => {
  const dir = join(root.path, name, 'data', 'results');
  return existsSync(dir) ? readdirSync(dir) : [];
};
const QUICK = ['--workload', 'dd-write', '--size', 'quick', '--runs', '1', '--warmup', '0'];

/** True while the process exists and is not a zombie. */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

describe('an engine that answers the probe and then hangs (stand-in)', () => {
  it('SIGTERM while `run` waits on it ends the run at once, saying nothing was created', async () => {
    const engine = await startFakeEngine('wedged', { socketPath: join(root.path, 'wedged.sock') });
    try {
      const out = await mountbenchChild(
        ['run', '--mount', 'tmpfs', ...QUICK],
        envFor('wedged', { DOCKER_HOST: engine.endpoint }),
        {
          onSpawn: (child) => {
            // Signalled once the run is stuck on a call past the probe, seen in the engine's log.
            const poll = setInterval(() => {
              if (engine.requests.some((url) => url.includes('/containers/json'))) {
                clearInterval(poll);
                child.kill('SIGTERM');
              }
            }, 50);
            child.on('close', () => clearInterval(poll));
          },
        },
      );
      expect(out.code).toBe(143);
      expect(out.stderr).toMatch(/SIGTERM: cancelling/);
      expect(out.stderr).toMatch(/cancelled before measuring started; nothing was created/);
      expect(savedIn('wedged')).toEqual([]);
    } finally {
      await engine.close();
    }
  });
});

describe('an engine that answers a container create without an id (stand-in)', () => {
  it('fails the backend once with a clear error and never calls /containers/undefined', async () => {
    const engine = await startFakeEngine('no-container-id', { socketPath: join(root.path, 'no-id.sock') });
    try {
      const out = await mountbenchChild(
        ['run', '--mount', 'tmpfs,volume', ...QUICK],
        envFor('no-id', { DOCKER_HOST: engine.endpoint }),
      );
      expect(out.stderr).toMatch(/answered the request to create \S+ without a valid container id/);
      expect(out.code).not.toBe(0);
      expect(engine.requests.filter((url) => url.includes('/containers/create')).length).toBeGreaterThan(0);
      expect(engine.requests.filter((url) => url.includes('undefined'))).toEqual([]);
    } finally {
      await engine.close();
    }
  });
});

describe('a data or cache folder where no folder can be made', () => {
  it('MOUNTBENCH_DATA_DIR=/proc/self fails at once, saying why, instead of hanging', async () => {
    const out = await mountbenchChild(['run', '--mount', 'tmpfs', ...QUICK], {
      ...envFor('proc-data'),
      MOUNTBENCH_DATA_DIR: '/proc/self',
    });
    expect(out.stderr).toContain('results cannot be saved in /proc/self/results: no such file or folder');
    expect(out.code).toBe(1);
  });

  it('MOUNTBENCH_CACHE_DIR=/proc/self ends the run with the error, and saves it where the data folder is', async () => {
    const out = await mountbenchChild(['run', '--mount', 'tmpfs', ...QUICK], {
      ...envFor('proc-cache'),
      MOUNTBENCH_CACHE_DIR: '/proc/self',
    });
    expect(out.stderr).toMatch(/ENOENT.*\/proc\/self\/runs/);
    expect(savedIn('proc-cache')).toHaveLength(1);
  });
});

describe('the engine the user chose is the one measured, or none', () => {
  it.each([
    ['a dead', `unix://${join(root.path, 'no-engine-here.sock')}`],
    ['a garbage', 'this is not a docker host'],
  ])('%s DOCKER_HOST is refused by name, and the local engine is not used instead', async (_kind, host) => {
    const out = await mountbenchChild(
      ['run', '--mount', 'tmpfs', ...QUICK],
      envFor('dead', { DOCKER_HOST: host }),
    );
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(/The engine you selected "default".*chosen by DOCKER_HOST/s);
    expect(savedIn('dead')).toEqual([]);
  });

  it('--engine with an empty name is refused instead of ignored', async () => {
    const out = await mountbenchChild(['run', '--engine', '', '--mount', 'tmpfs', ...QUICK], envFor('empty'));
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/--engine needs a name/);
  });
});

describe('deadlines cover the wait for an answer, not the work', () => {
  it('an exec that runs longer than every deadline still finishes on the real engine', async () => {
    const container = await docker.createContainer({
      Image: image,
      Cmd: ['sleep', '120'],
      Labels: { 'mountbench.test': 'engine-hangs' },
      HostConfig: { AutoRemove: false },
    });
    try {
      await container.start();
      const short = connectEngine({ name: 'local', endpoint: 'unix:///var/run/docker.sock' }, process.env, {
        readMs: 1500,
        changeMs: 1500,
        pullMs: 1500,
      });
      const result = await dockerExec(
        short,
        short.getContainer(container.id),
        ['sh', '-c', 'sleep 3; echo done'],
        {
          signal: new AbortController().signal,
        },
      );
      expect(result).toMatchObject({ exitCode: 0, stdout: 'done\n' });
    } finally {
      await container.remove({ force: true });
    }
  });
});

describe('a host custom command that starts children of its own', () => {
  it('Ctrl-C ends the whole process group, and the CLI exits', async () => {
    const pids = join(root.path, 'children.pids');
    const out = await mountbenchChild(
      [
        'run',
        '--mount',
        'host',
        '--workload',
        'custom',
        '--command',
        // A background child that holds the output pipe, as a dev server or watcher would.
        `sleep 600 & echo $! >> ${pids}; wait`,
        '--runs',
        '3',
        '--warmup',
        '0',
      ],
      envFor('group'),
      {
        onSpawn: (child) => {
          const poll = setInterval(() => {
            if (existsSync(pids) && readFileSync(pids, 'utf8').trim()) {
              clearInterval(poll);
              child.kill('SIGINT');
            }
          }, 50);
          child.on('close', () => clearInterval(poll));
        },
      },
    );
    expect(out.code).toBe(130);
    const started = readFileSync(pids, 'utf8').trim().split('\n').map(Number);
    expect(started.length).toBeGreaterThan(0);
    expect(started.filter(running)).toEqual([]);
    expect(out.stderr).toMatch(/cancelled; everything the run created was removed/);
  });

  it('a child that left the group with setsid does not survive a cancel, nor the end of its sample', async () => {
    const pids = join(root.path, 'setsid.pids');
    // A new session of its own, as a daemonising dev server makes: out of reach of the group kill.
    const daemon = `setsid sh -c 'echo $$ >> ${pids}; exec sleep 600' &`;
    const cancelled = await mountbenchChild(
      [
        'run',
        '--mount',
        'host',
        '--workload',
        'custom',
        '--command',
        `${daemon} wait`,
        '--runs',
        '3',
        '--warmup',
        '0',
      ],
      envFor('setsid'),
      {
        onSpawn: (child) => {
          const poll = setInterval(() => {
            if (existsSync(pids) && readFileSync(pids, 'utf8').trim()) {
              clearInterval(poll);
              child.kill('SIGINT');
            }
          }, 50);
          child.on('close', () => clearInterval(poll));
        },
      },
    );
    expect(cancelled.code).toBe(130);
    const first = readFileSync(pids, 'utf8').trim().split('\n').map(Number);
    expect(first.length).toBeGreaterThan(0);
    expect(first.filter(running)).toEqual([]);

    // The shell ends at once, leaving its daemon behind: gone when the sample is over.
    const ended = await mountbenchChild(
      [
        'run',
        '--mount',
        'host',
        '--workload',
        'custom',
        '--command',
        `${daemon} sleep 0.3`,
        '--runs',
        '1',
        '--warmup',
        '0',
      ],
      envFor('setsid-ended'),
    );
    expect(ended.code).toBe(0);
    const all = readFileSync(pids, 'utf8').trim().split('\n').map(Number);
    expect(all.length).toBeGreaterThan(first.length);
    expect(all.filter(running)).toEqual([]);
  });

  it('a child that left the group with setsid and cleared its environment does not survive a cancel', async () => {
    const pids = join(root.path, 'setsid-env.pids');
    // No group, no tag: found on cancel by its parent, the workload's shell, which still runs.
    const daemon = `setsid env -i sh -c 'echo $$ >> ${pids}; exec sleep 600' &`;
    const cancelled = await mountbenchChild(
      [
        'run',
        '--mount',
        'host',
        '--workload',
        'custom',
        '--command',
        `${daemon} wait`,
        '--runs',
        '3',
        '--warmup',
        '0',
      ],
      envFor('setsid-env'),
      {
        onSpawn: (child) => {
          const poll = setInterval(() => {
            if (existsSync(pids) && readFileSync(pids, 'utf8').trim()) {
              clearInterval(poll);
              child.kill('SIGINT');
            }
          }, 50);
          child.on('close', () => clearInterval(poll));
        },
      },
    );
    expect(cancelled.code).toBe(130);
    const started = readFileSync(pids, 'utf8').trim().split('\n').map(Number);
    expect(started.length).toBeGreaterThan(0);
    expect(started.filter(running)).toEqual([]);
  });
});
