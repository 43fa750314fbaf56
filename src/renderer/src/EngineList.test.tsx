import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import type { DiscoveredEngine } from '../../shared/engine';
import { EngineList } from './EngineList';

const reachable: DiscoveredEngine = {
  name: 'default',
  endpoint: 'unix:///var/run/docker.sock',
  source: 'socket',
  provider: 'docker-engine',
  current: true,
  reachable: true,
  serverVersion: '20.10.24',
  os: 'Debian GNU/Linux 12',
  arch: 'x86_64',
  cpus: 2,
  memoryBytes: 4 * 1024 ** 3,
};

const unreachable: DiscoveredEngine = {
  name: 'colima',
  endpoint: 'unix:///Users/me/.colima/default/docker.sock',
  source: 'socket',
  provider: 'colima',
  current: false,
  reachable: false,
  error: 'colima is not running (start it with `colima start`)',
};

describe('EngineList', () => {
  it('shows a reachable engine with its version, platform and size', () => {
    const html = renderToStaticMarkup(<EngineList engines={[reachable]} />);
    expect(html).toContain('default');
    expect(html).toContain('current');
    expect(html).toContain('Docker 20.10.24 · Debian GNU/Linux 12 · x86_64 · 2 CPUs · 4.0 GiB');
    expect(html).toContain('class="up"');
  });

  it('says why an engine is not reachable', () => {
    const html = renderToStaticMarkup(<EngineList engines={[unreachable]} />);
    expect(html).toContain('Not reachable: colima is not running (start it with `colima start`)');
    expect(html).toContain('class="down"');
    expect(html).not.toContain('current');
  });

  it('tells the user what to start when there is no engine at all', () => {
    expect(renderToStaticMarkup(<EngineList engines={[]} />)).toContain('No Docker engine found');
  });
});
