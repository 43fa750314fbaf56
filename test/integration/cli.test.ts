// `mountbench` as a user types it: a real child process against the real engine.
import type { ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runFileSchema } from '../../src/shared/result-schema';
import { mountbenchChild, type ChildOutcome } from '../support/mountbench-cli';
import { fuseMountsBelow, labelledLeftovers, tempDir } from './support';

const data = tempDir('cli-data');
const cache = tempDir('cli-cache');
afterAll(() => {
  data.remove();
  cache.remove();
});

function mountbench(
  args: string[],
  options: {
    env?: NodeJS.ProcessEnv;
    onStderr?: (text: string, child: ChildProcess) => void;
  } = {},
): Promise<ChildOutcome> {
  const env = {
    ...process.env,
    MOUNTBENCH_DATA_DIR: data.path,
    MOUNTBENCH_CACHE_DIR: cache.path,
    ...options.env,
  };
  return mountbenchChild(args, env, { onStderr: options.onStderr });
}

const savedRuns = () =>
  existsSync(join(data.path, 'results')) ? readdirSync(join(data.path, 'results')) : [];

describe('mountbench run', () => {
  it('measures, prints the table, saves the result and writes --json', async () => {
    const out = join(data.path, 'out.json');
    const before = savedRuns().length;
    const { code, stdout, stderr } = await mountbench([
      'run',
      '--mount',
      'tmpfs,host',
      '--workload',
      'dd-write,small-file-read',
      '--size',
      'quick',
      '--runs',
      '2',
      '--warmup',
      '0',
      '--json',
      out,
    ]);
    expect(stderr).not.toMatch(/error/i);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^backend\s+workload\s+mean ± σ\s+min … max\s+runs\s+fs type/m);
    expect(stdout).toMatch(/^tmpfs\s+dd-write\s+.*\s2\s+tmpfs/m);
    expect(stdout).toMatch(/^host \(no container\): baseline\s+small-file-read/m);
    const run = runFileSchema.parse(JSON.parse(readFileSync(out, 'utf8')));
    expect(run.results).toHaveLength(4);
    expect(run.engine?.provider).toBe('docker-engine');
    expect(savedRuns()).toHaveLength(before + 1);
  });

  it('prints Markdown with --markdown', async () => {
    const { code, stdout } = await mountbench([
      'run',
      '--mount',
      'host',
      '--workload',
      'dd-write',
      '--size',
      'quick',
      '--runs',
      '1',
      '--markdown',
    ]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^\| backend \| workload \| mean ± σ \|/m);
    expect(stdout).toMatch(/^\| host \(no container\): baseline \| dd-write \|/m);
  });

  it.each([
    [['--mount', 'bind,nfs'], 'unknown mount "nfs"; valid: bind, volume, tmpfs, layer, host'],
    [
      ['--workload', 'compile'],
      'unknown workload "compile"; valid: small-file-read, dd-write, large-write, buffered-read, site-build, metadata-walk, sync-latency, page-reload, parallel-read, git-status, code-search, npm-install, random-io, custom',
    ],
    [['--size', 'huge'], 'unknown size "huge"; valid: quick, default'],
    [['--runs', '0'], '--runs must be between 1 and 1000, got 0'],
    [['--runs', 'ten'], '--runs must be a whole number, got "ten"'],
    [['--warmup', '-1'], '--warmup must be a whole number, got "-1"'],
    [['--engine', 'no-such-engine', '--mount', 'tmpfs'], 'No engine named "no-such-engine". Known engines:'],
    [['--mount', 'bind', '--variant', 'nfs'], 'unknown variant "nfs" for docker-engine; valid: native, fuse'],
  ])('refuses %j with a clear message and changes nothing', async (args, message) => {
    const before = savedRuns();
    const { code, stderr, stdout } = await mountbench(['run', '--size', 'quick', ...args]);
    expect(code).not.toBe(0);
    expect(stderr).toContain(message);
    expect(stdout).toBe('');
    expect(savedRuns()).toEqual(before);
  });

  it('says which engine was tried and why when none answers, and still measures the host', async () => {
    const env = { DOCKER_HOST: `unix://${join(cache.path, 'no-such.sock')}` };
    const failed = await mountbench(
      ['run', '--engine', 'default', '--mount', 'tmpfs', '--size', 'quick', '--runs', '1'],
      { env },
    );
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain(`"default" (unix://${join(cache.path, 'no-such.sock')})`);
    expect(failed.stderr).toMatch(/no socket at/);
    expect(failed.stderr).toContain('--mount host');
    const host = await mountbench(
      ['run', '--mount', 'host', '--workload', 'dd-write', '--size', 'quick', '--runs', '1'],
      { env },
    );
    expect(host.code).toBe(0);
    expect(host.stdout).toMatch(/host \(no container\): baseline/);
  });

  it('cancels cleanly on Ctrl-C', async () => {
    let sent = false;
    const { code, stderr, pid } = await mountbench(
      [
        'run',
        '--mount',
        'volume,tmpfs',
        '--workload',
        'small-file-read',
        '--size',
        'default',
        '--runs',
        '20',
        '--warmup',
        '0',
      ],
      {
        onStderr: (text, child) => {
          // Interrupt once the first backend is running, as a user would mid-run.
          if (!sent && /^plan: /m.test(text)) {
            sent = true;
            setTimeout(() => child.kill('SIGINT'), 1500);
          }
        },
      },
    );
    expect(sent).toBe(true);
    expect(code).toBe(130);
    expect(stderr).toContain('cancelled; everything the run created was removed');
    expect(await labelledLeftovers({ ownerPid: pid })).toEqual({ containers: [], volumes: [] });
    expect(existsSync(join(cache.path, 'runs')) ? readdirSync(join(cache.path, 'runs')) : []).toEqual([]);
  });
});

describe('refusals before any work', () => {
  it.each([
    [['run', '--json', '/no/such/folder/out.json'], /--json .*the folder \/no\/such\/folder does not exist/],
    [
      ['run', '--workload', 'custom', '--command', 'true', '--folder', '/no/such/project'],
      /--folder \/no\/such\/project does not exist/,
    ],
    [
      ['sweep', '--provider', 'docker-engine', '--json', '/no/such/folder/out.json', '--yes'],
      /--json .*does not exist/,
    ],
    [['sweep', '--provider', 'docker-engine,colima'], /--provider takes one value, got 2/],
    [['run', '--size', 'quick,default'], /--size takes one value/],
  ])('%j is refused with exit 2 before anything is measured or saved', async (args, message) => {
    const before = savedRuns().length;
    const { code, stderr } = await mountbench([...args, '--mount', 'tmpfs', '--runs', '1', '--warmup', '0']);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr).not.toMatch(/planned|^plan: |saved/m);
    expect(savedRuns()).toHaveLength(before);
  });
});

describe('text from files reaches the terminal escaped', () => {
  it('the hyperfine chooser names commands holding ESC[2J, an OSC title and U+202E only escaped', async () => {
    // hyperfine records the command as typed; an export from elsewhere may hold anything.
    const fixture = JSON.parse(
      readFileSync(join(__dirname, '..', 'fixtures', 'hyperfine', 'one-command.json'), 'utf8'),
    ) as { results: { command: string }[] };
    const [first] = fixture.results;
    const hostile = {
      results: [
        { ...first, command: 'ls \u001b[2J\u001b]0;pwned\u0007' },
        { ...first, command: 'cat \u202etxt.exe' },
      ],
    };
    const file = join(data.path, '..', `hyperfine-hostile-${process.pid}.json`);
    writeFileSync(file, JSON.stringify(hostile));
    const before = savedRuns().length;
    const { code, stderr } = await mountbench([
      'import',
      '--hyperfine',
      file,
      '--backend',
      'x',
      '--workload',
      'dd-write',
    ]);
    expect(code).toBe(2);
    expect(stderr).toContain('holds 2 benchmarks; choose one with --result N');
    // eslint-disable-next-line no-control-regex -- looking for raw control characters is the point
    expect(stderr).not.toMatch(/[\u001b\u0007\u202e]/);
    expect(stderr).toContain('1: ls \\x1b[2J\\x1b]0;pwned\\x07; 2: cat \\u202etxt.exe');
    expect(savedRuns()).toHaveLength(before);
  });
});

describe('mountbench engines', () => {
  it('lists the local engine as reachable, as JSON too', async () => {
    const { code, stdout } = await mountbench(['engines', '--json']);
    expect(code).toBe(0);
    const engines = JSON.parse(stdout) as { endpoint: string; reachable: boolean; serverVersion?: string }[];
    const local = engines.find((e) => e.endpoint === 'unix:///var/run/docker.sock');
    expect(local?.reachable).toBe(true);
    expect(local?.serverVersion).toMatch(/^\d+\.\d+/);
  });
});

describe('after a crash', () => {
  it('mountbench cleanup removes the dead run’s container, volume, FUSE mount and fixtures', async () => {
    let watching = false;
    // What the run had made, read while it was stopped (alive: no other Mountbench beside this
    // suite takes a live run's containers), just before it was killed.
    let made: Awaited<ReturnType<typeof labelledLeftovers>> | null = null;
    const fuse = await mountbench(
      [
        'run',
        '--mount',
        'bind,volume',
        '--variant',
        'fuse',
        '--workload',
        'small-file-read',
        '--size',
        'default',
        '--runs',
        '50',
        '--warmup',
        '0',
      ],
      {
        onStderr: (text, child) => {
          // Kill without a chance to clean up once the bind backend's container and FUSE mount
          // exist — watched on the engine and in /proc/mounts, not guessed from a delay.
          if (watching || !/^plan: /m.test(text)) return;
          watching = true;
          const poll = async () => {
            const now = await labelledLeftovers({ ownerPid: child.pid });
            if (now.containers.length && fuseMountsBelow(cache.path).length) {
              child.kill('SIGSTOP');
              made = await labelledLeftovers({ ownerPid: child.pid });
              child.kill('SIGKILL');
            } else if (child.exitCode === null) setTimeout(() => void poll(), 100);
          };
          void poll();
        },
      },
    );
    expect(fuse.code).toBeNull();
    expect(made!.containers.length).toBeGreaterThan(0);
    expect(fuseMountsBelow(cache.path).length).toBeGreaterThan(0);

    const { code, stdout } = await mountbench(['cleanup']);
    expect(code).toBe(0);
    // The run's folder is this test's own; its container could also go to another Mountbench's
    // clean-up starting beside this suite once the run was dead, so either may have taken it.
    expect(stdout).toMatch(/removed what an earlier run left behind: .*folder /);
    expect(await labelledLeftovers({ ownerPid: fuse.pid })).toEqual({ containers: [], volumes: [] });
    expect(fuseMountsBelow(cache.path)).toEqual([]);
    expect(readdirSync(join(cache.path, 'runs'))).toEqual([]);
  });
});
