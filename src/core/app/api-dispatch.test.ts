import { describe, expect, it } from 'vitest';
import type { MountbenchApi } from '../../shared/api';
import { API_CHANNELS, MAX_IMPORT_CHARS } from '../../shared/api-calls';
import { MountbenchError } from '../../shared/errors';
import type { RunFile } from '../../shared/result-schema';
import type { RunRequest } from '../../shared/run-plan';
import { dispatch, methodFor } from './api-dispatch';

// A hand-written core that records which method each call reached and with what: the point is to
// prove what the boundary lets through and how it reports failures, not to exercise the core.
function recordingApi() {
  const calls: string[] = [];
  const record =
    <T>(name: string, value: T) =>
    async (...args: unknown[]): Promise<T> => {
      calls.push(`${name}(${JSON.stringify(args).slice(1, -1)})`);
      return value;
    };
  const api: MountbenchApi = {
    app: { info: record('app.info', { version: 'test' } as never) },
    engines: {
      list: record('engines.list', []),
      fsSeen: record('engines.fsSeen', { engine: 'default', fsType: 'ext4', reason: null }),
    },
    workloads: { list: record('workloads.list', []) },
    mounts: { list: record('mounts.list', []) },
    projects: {
      inspect: record('projects.inspect', {} as never),
      pick: record('projects.pick', null),
      recent: record('projects.recent', []),
    },
    jobs: {
      start: record('jobs.start', { jobId: 'run-1' }),
      cancel: async (jobId) => {
        if (jobId === 'unknown-run') throw new MountbenchError('BAD_INPUT', `No job with id ${jobId}`);
        calls.push(`jobs.cancel("${jobId}")`);
      },
      active: record('jobs.active', [{ jobId: 'run-1', kind: 'run' as const, label: 'a run' }]),
      onEvent: () => undefined,
    },
    providers: {
      list: record('providers.list', []),
      planApply: record('providers.planApply', {} as never),
    },
    sweeps: {
      propose: record('sweeps.propose', {} as never),
    },
    results: {
      list: async () => {
        throw new Error('disk on fire');
      },
      get: record('results.get', { id: 'run-1' } as RunFile),
      delete: record('results.delete', undefined),
      import: record('results.import', { id: 'run-2', status: 'imported' as const }),
      importHyperfine: record('results.importHyperfine', { id: 'hyperfine-1', status: 'imported' as const }),
      export: record('results.export', { fileName: 'f.csv', mimeType: 'text/csv', text: 'a,b' }),
      published: record('results.published', []),
      rows: record('results.rows', []),
      machineRatios: record('results.machineRatios', []),
    },
    recommend: { forRuns: record('recommend.forRuns', []) },
    team: {
      publishPreview: record('team.publishPreview', { machineId: null, files: [] }),
      publish: record('team.publish', {} as never),
      pull: record('team.pull', {} as never),
      view: record('team.view', {
        folder: '/data/team-dataset',
        analysis: {
          runs: 0,
          machines: [],
          spreads: [],
          winners: [],
          likeYours: null,
          changes: [],
          trends: { series: [], leftOut: [], leftOutCount: 0 },
        },
        refused: [],
      }),
    },
  };
  return { api, calls };
}

const request: RunRequest = {
  mounts: ['tmpfs'],
  workloads: ['small-file-read'],
  size: 'quick',
  runs: 2,
  warmup: 0,
};

/** One valid argument list per channel. */
const VALID_ARGS: Record<(typeof API_CHANNELS)[number], unknown[]> = {
  'app:info': [],
  'engines:list': [],
  'engines:fsSeen': ['default'],
  'workloads:list': [],
  'mounts:list': [],
  'projects:inspect': ['/home/me/site'],
  'projects:pick': [],
  'projects:recent': [],
  'jobs:start': [{ kind: 'run', request }],
  'jobs:cancel': ['run-1'],
  'jobs:active': [],
  'providers:list': [],
  'providers:planApply': ['docker-desktop', 'vz-grpcfuse'],
  'sweeps:propose': [{ provider: 'docker-desktop', ...request }],
  'results:list': [],
  'results:get': ['run-1'],
  'results:delete': ['run-1'],
  'results:import': ['run.json', '{}'],
  'results:importHyperfine': [
    { name: 'h.json', lastModified: 0 },
    '{}',
    {
      backendLabel: 'b',
      workload: 'dd-write',
      size: 'quick',
      mount: 'tmpfs',
      fsType: null,
      machineLabel: null,
      result: null,
    },
  ],
  'results:export': ['run-1', 'csv'],
  'results:published': [],
  'results:rows': [['run-1']],
  'results:machineRatios': [['run-1'], ['published:umitron-2021/m1-pro']],
  'recommend:forRuns': [['run-1'], 'balanced', true],
  'team:publishPreview': [{ runIds: ['run-1'], label: null }],
  'team:publish': [
    { to: 'git@github.com:acme/app.git', branch: null, runIds: ['run-1'], label: 'Build Mac 3' },
  ],
  'team:pull': [{ from: '/Volumes/team/mountbench', branch: 'perf-data' }],
  'team:view': ['/data/team-dataset'],
};

describe('methodFor', () => {
  it('finds a method of the api for every row of the call table', () => {
    const { api } = recordingApi();
    for (const channel of API_CHANNELS) expect(typeof methodFor(api, channel), channel).toBe('function');
  });
});

describe('dispatch', () => {
  it('calls the method the channel names with the validated arguments and returns { ok, value }', async () => {
    const { api, calls } = recordingApi();
    const run = { kind: 'run', request };
    expect(await dispatch(api, 'jobs:start', [run])).toEqual({ ok: true, value: { jobId: 'run-1' } });
    expect(await dispatch(api, 'recommend:forRuns', [['a-1'], 'balanced', false])).toEqual({
      ok: true,
      value: [],
    });
    expect(calls).toEqual([
      `jobs.start(${JSON.stringify(run)})`,
      'recommend.forRuns(["a-1"],"balanced",false)',
    ]);
  });

  it('reaches every channel with valid arguments', async () => {
    const { api } = recordingApi();
    for (const channel of API_CHANNELS.filter((c) => c !== 'results:list')) {
      expect(await dispatch(api, channel, VALID_ARGS[channel]), channel).toMatchObject({ ok: true });
    }
  });

  it('refuses unknown channels, including names every object has, and calls nothing', async () => {
    const { api, calls } = recordingApi();
    for (const channel of [
      'results:wipe',
      'toString',
      '__proto__',
      'constructor',
      'jobs:onEvent',
      'jobs:event',
      'runs:start',
      '',
      42,
      null,
    ]) {
      const result = await dispatch(api, channel, []);
      expect(result, String(channel)).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
      if (!result.ok) expect(result.error.message).toMatch(/Unknown channel/);
    }
    expect(calls).toEqual([]);
  });

  it('refuses arguments that do not match the schema, naming the channel and the place', async () => {
    const { api, calls } = recordingApi();
    const wrongType = await dispatch(api, 'results:get', [42]);
    expect(wrongType).toMatchObject({ ok: false, error: { name: 'MountbenchError', code: 'BAD_INPUT' } });
    if (!wrongType.ok) expect(wrongType.error.message).toMatch(/results:get.*expected string/s);
    const runJob = (r: object) => [{ kind: 'run', request: r }];
    const badMount = await dispatch(api, 'jobs:start', runJob({ ...request, mounts: ['nfs'] }));
    if (!badMount.ok) expect(badMount.error.message).toMatch(/mounts/);
    expect(badMount.ok).toBe(false);
    expect(await dispatch(api, 'jobs:start', runJob({ ...request, privileged: true }))).toMatchObject({
      ok: false,
    });
    // The envelope is strict too: no field beside the kind's own, no kind the core does not know.
    expect(await dispatch(api, 'jobs:start', [{ kind: 'run', request, extra: 1 }])).toMatchObject({
      ok: false,
    });
    expect(await dispatch(api, 'jobs:start', [{ kind: 'cleanup', request }])).toMatchObject({ ok: false });
    expect(await dispatch(api, 'jobs:start', [request])).toMatchObject({ ok: false });
    expect(await dispatch(api, 'jobs:cancel', ['../../etc'])).toMatchObject({ ok: false });
    expect(await dispatch(api, 'results:export', ['run-1', 'pdf'])).toMatchObject({ ok: false });
    expect(await dispatch(api, 'engines:list', ['surprise'])).toMatchObject({ ok: false });
    // Publish names stored runs by id only, never a path, and takes no field it does not know.
    const publishArgs = { to: '/data', branch: null, runIds: ['run-1'], label: null };
    expect(
      await dispatch(api, 'team:publish', [{ ...publishArgs, runIds: ['../../etc/passwd'] }]),
    ).toMatchObject({
      ok: false,
    });
    expect(await dispatch(api, 'team:publish', [{ ...publishArgs, runIds: [] }])).toMatchObject({
      ok: false,
    });
    expect(await dispatch(api, 'team:publish', [{ ...publishArgs, file: '/etc/passwd' }])).toMatchObject({
      ok: false,
    });
    expect(await dispatch(api, 'team:pull', [{ from: '', branch: null }])).toMatchObject({ ok: false });
    expect(await dispatch(api, 'results:get', [])).toMatchObject({ ok: false });
    expect(await dispatch(api, 'results:get', 'run-1')).toMatchObject({ ok: false });
    const sweep = { provider: 'docker-desktop', ...request };
    const sweepJob = (r: object) => [{ kind: 'sweep', request: r }];
    expect(await dispatch(api, 'jobs:start', sweepJob({ ...sweep, provider: 'parallels' }))).toMatchObject({
      ok: false,
    });
    expect(await dispatch(api, 'jobs:start', sweepJob({ ...sweep, command: 'rm -rf ~' }))).toMatchObject({
      ok: false,
    });
    expect(await dispatch(api, 'sweeps:propose', [{ ...sweep, workloads: ['custom'] }])).toMatchObject({
      ok: false,
    });
    const applyJob = (provider: string, variant: string) => [{ kind: 'apply', provider, variant }];
    expect(await dispatch(api, 'jobs:start', applyJob('docker-desktop', '../../etc'))).toMatchObject({
      ok: false,
    });
    expect(await dispatch(api, 'jobs:start', applyJob('nobody', 'vz-grpcfuse'))).toMatchObject({ ok: false });
    expect(await dispatch(api, 'jobs:cancel', ['a b'])).toMatchObject({ ok: false });
    expect(await dispatch(api, 'engines:fsSeen', ['../../var/run/docker.sock'])).toMatchObject({ ok: false });
    expect(await dispatch(api, 'engines:fsSeen', [''])).toMatchObject({ ok: false });
    expect(calls).toEqual([]);
  });

  it('refuses an import larger than MAX_IMPORT_CHARS before the core sees it', async () => {
    const { api, calls } = recordingApi();
    const result = await dispatch(api, 'results:import', ['big.json', 'x'.repeat(MAX_IMPORT_CHARS + 1)]);
    expect(result).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
    expect(calls).toEqual([]);
  });

  it('keeps the core error code, and maps a plain Error to INTERNAL with its message', async () => {
    const { api } = recordingApi();
    expect(await dispatch(api, 'jobs:cancel', ['unknown-run'])).toEqual({
      ok: false,
      error: { name: 'MountbenchError', message: 'No job with id unknown-run', code: 'BAD_INPUT' },
    });
    expect(await dispatch(api, 'results:list', [])).toEqual({
      ok: false,
      error: { name: 'Error', message: 'disk on fire', code: 'INTERNAL' },
    });
  });
});
