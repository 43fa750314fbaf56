import { describe, expect, it } from 'vitest';
import type { DiscoveredEngine } from '../../../shared/engine';
import { DEFAULT_WORKLOAD_IDS } from '../../../shared/ids';
import { kindWorkloads } from '../../../shared/project-kinds';
import { createFakeApi, runFileOf } from '../test-support/fake-api';
import { IMPORT_ERRORS } from '../test-support/recorded-api-data';
import { QUICK_RUN } from '../test-support/recorded-runs';
import { engine } from '../../../shared/test-support/setup-fixtures';
import { createStores } from './create-stores';
import { buildRequest, previewBackends } from './setup-store';

const quickRun = runFileOf(QUICK_RUN);

function setUp(engines?: DiscoveredEngine[]) {
  const api = createFakeApi({ engines });
  return { api, stores: createStores(api, { sleep: async () => {} }) };
}

describe('setup store', () => {
  it('builds the request of the chosen preset for the current engine', async () => {
    const { stores } = setUp();
    await stores.setup.getState().load();
    const setup = stores.setup.getState();
    expect(setup.engineName).toBe('default');
    setup.choosePreset('thorough');
    setup.toggleVariant('fuse');
    setup.toggleMount('layer');
    expect(buildRequest(stores.setup.getState())).toEqual({
      request: {
        engine: 'default',
        variants: ['native', 'fuse'],
        mounts: ['bind', 'volume', 'tmpfs', 'host'],
        workloads: [
          'small-file-read',
          'dd-write',
          'large-write',
          'buffered-read',
          'site-build',
          'metadata-walk',
          'sync-latency',
        ],
        size: 'default',
        runs: 10,
        warmup: 2,
        adaptive: true,
        maxRuns: 50,
      },
    });
  });

  it('a kind of project picks the workloads it waits on that the core offers, and back to the default set', async () => {
    const { api, stores } = setUp();
    const offered = (await api.workloads.list()).map((w) => w.id);
    await stores.setup.getState().load();
    stores.setup.getState().chooseProjectKind('php-rails');
    const picked = stores.setup.getState().workloadIds;
    expect(picked).toEqual(kindWorkloads('php-rails', offered));
    expect(picked).toContain('metadata-walk');
    expect(picked).not.toContain('large-write');
    expect(stores.setup.getState().projectKind).toBe('php-rails');
    stores.setup.getState().chooseProjectKind(null);
    expect(stores.setup.getState().workloadIds).toEqual(
      offered.filter((id) => DEFAULT_WORKLOAD_IDS.includes(id)),
    );
  });

  it('an engine picked that stops answering stays picked on "Look again": nothing moves in silence', async () => {
    const local = engine({});
    const colima: DiscoveredEngine = { ...local, name: 'colima', provider: 'colima', current: false };
    const { api, stores } = setUp([local, colima]);
    await stores.setup.getState().load();
    stores.setup.getState().chooseEngine('colima');
    api.engines.list = async () => [local, { ...colima, reachable: false, error: 'colima is not running' }];
    await stores.setup.getState().refreshEngines();
    expect(stores.setup.getState().engineName).toBe('colima');
    // Gone from the list altogether: back to the engine the docker CLI would use.
    api.engines.list = async () => [local];
    await stores.setup.getState().refreshEngines();
    expect(stores.setup.getState().engineName).toBe('default');
  });

  it('offers only the host baseline when no engine answers', async () => {
    const down: DiscoveredEngine = {
      name: 'colima',
      endpoint: 'unix:///colima.sock',
      source: 'socket',
      provider: 'colima',
      current: true,
      reachable: false,
      error: 'colima is not running',
    };
    const { stores } = setUp([down]);
    await stores.setup.getState().load();
    const setup = stores.setup.getState();
    // The current context stays the one chosen, answering or not: nothing else is picked for it.
    expect(setup.engineName).toBe('colima');
    expect(previewBackends(setup).map((b) => b.id)).toEqual(['host']);
    const built = buildRequest(setup);
    expect('request' in built && built.request).toMatchObject({ mounts: ['host'] });
    expect('request' in built && 'engine' in built.request).toBe(false);
    setup.toggleMount('host');
    expect(buildRequest(stores.setup.getState())).toEqual({
      problem: 'No engine answers: tick the host baseline, or start an engine.',
    });
  });
});

describe('results store', () => {
  it('opens a stored run with its recommendation for the chosen profile', async () => {
    const { api, stores } = setUp();
    await stores.results.getState().open(quickRun.id);
    expect(stores.results.getState()).toMatchObject({ status: 'ready', run: { id: quickRun.id } });
    expect(stores.results.getState().recommendation.list[0].profile.id).toBe('balanced');
    await stores.results.getState().setProfile('rails-php');
    expect(stores.results.getState().recommendation.list[0].profile.id).toBe('rails-php');
    expect(api.calls.filter((c) => c.method === 'recommend.forRuns').map((c) => c.args[1])).toEqual([
      'balanced',
      'rails-php',
    ]);
  });

  it('waits for a just-finished run to be saved before asking for its recommendation', async () => {
    const { api, stores } = setUp();
    api.stored.clear();
    let tries = 0;
    const real = api.recommend.forRuns;
    api.recommend.forRuns = async (...args) => {
      if (++tries === 3) api.stored.set(quickRun.id, quickRun);
      return real(...args);
    };
    await stores.results.getState().show(quickRun);
    expect(tries).toBe(3);
    expect(stores.results.getState().recommendation.status).toBe('ready');
  });

  it('toggles the log axis and hides and shows backends', () => {
    const { stores } = setUp();
    const results = stores.results.getState();
    results.toggleLogScale();
    results.toggleBackend('host');
    results.toggleBackend('docker-engine/fuse/bind');
    results.toggleBackend('host');
    expect(stores.results.getState()).toMatchObject({ logScale: true, hidden: ['docker-engine/fuse/bind'] });
  });

  it("takes the run's end over the shown answer, keeping the hidden backends and the recommendation; another run is left alone", async () => {
    const { api, stores } = setUp();
    await stores.results.getState().open(quickRun.id);
    stores.results.getState().toggleBackend('host');
    const recommendation = stores.results.getState().recommendation;
    const error = {
      name: 'MountbenchError',
      code: 'IO' as const,
      message: 'a volume was left',
    };
    const ended = { ...quickRun, errors: [error] };
    stores.results.getState().update(ended);
    expect(stores.results.getState()).toMatchObject({ run: ended, hidden: ['host'] });
    expect(stores.results.getState().recommendation).toBe(recommendation);
    expect(api.calls.filter((c) => c.method === 'recommend.forRuns')).toHaveLength(1);
    // Another run's end does not replace the one shown.
    stores.results.getState().update({ ...ended, id: 'another-run', errors: [] });
    expect(stores.results.getState().run).toEqual(ended);
  });

  it('says so when a run cannot be opened', async () => {
    const { stores } = setUp();
    await stores.results.getState().open('no-such-run');
    expect(stores.results.getState()).toMatchObject({
      status: 'error',
      error: 'no stored run no-such-run',
      run: null,
    });
  });
});

describe('history store', () => {
  it('deletes only after confirmation and drops the run everywhere', async () => {
    const { api, stores } = setUp();
    await stores.history.getState().refresh();
    await stores.results.getState().open(quickRun.id);
    await stores.history.getState().confirmDelete(quickRun.id);
    expect(api.stored.has(quickRun.id)).toBe(true);
    stores.history.getState().askDelete(quickRun.id);
    await stores.history.getState().confirmDelete(quickRun.id);
    expect(api.stored.has(quickRun.id)).toBe(false);
    expect(stores.history.getState().runs).toEqual([]);
    expect(stores.results.getState().run).toBeNull();
  });
});

describe('compare store', () => {
  it('lays out the published M1 Pro and Intel 2017 figures in one call', async () => {
    const { stores } = setUp();
    await stores.compare.getState().showM1VsIntel();
    expect(stores.compare.getState().publishedKeys).toEqual([
      'published:umitron-2021/m1pro-2021',
      'published:umitron-2021/intel-2017',
    ]);
  });

  it("shows the core's message for a bad file and adds a good one to the comparison", async () => {
    const { stores } = setUp();
    expect(await stores.compare.getState().importFile('notes.txt', 'hello')).toBeNull();
    expect(stores.compare.getState().importStatus).toEqual({
      kind: 'error',
      message: IMPORT_ERRORS['notes.txt'],
    });
    const id = await stores.compare.getState().importFile('alice.json', JSON.stringify(quickRun));
    expect(id).toBe(quickRun.id);
    expect(stores.compare.getState().runIds).toEqual([quickRun.id]);
    expect(stores.compare.getState().measured.length).toBeGreaterThan(0);
    expect(stores.compare.getState().importStatus.message).toMatch(/already imported/);
  });
});
