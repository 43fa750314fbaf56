import { describe, expect, it } from 'vitest';
import { guessProvider } from './provider-guess';

describe('guessProvider', () => {
  it.each([
    ['desktop-linux', 'docker-desktop'],
    ['rancher-desktop', 'rancher-desktop'],
    ['colima', 'colima'],
    ['colima-work', 'colima'],
    ['orbstack', 'orbstack'],
    ['default', 'docker-engine'],
    ['remote-build', 'docker-engine'],
  ] as const)('from the context name %s', (name, provider) => {
    expect(guessProvider({ name })).toBe(provider);
  });

  it.each([
    ['/Users/u/.docker/run/docker.sock', 'docker-desktop'],
    ['/home/u/.docker/desktop/docker.sock', 'docker-desktop'],
    ['/Users/u/.rd/docker.sock', 'rancher-desktop'],
    ['/Users/u/.colima/default/docker.sock', 'colima'],
    ['/Users/u/.orbstack/run/docker.sock', 'orbstack'],
    ['/var/run/docker.sock', 'docker-engine'],
    ['/run/user/1000/docker.sock', 'docker-engine'],
  ] as const)('from the socket path %s', (socketPath, provider) => {
    expect(guessProvider({ name: 'my-context', socketPath })).toBe(provider);
  });

  it('follows /var/run/docker.sock to Docker Desktop when it links there', () => {
    expect(
      guessProvider({
        name: 'default',
        socketPath: '/var/run/docker.sock',
        realSocketPath: '/Users/u/Library/Containers/com.docker.docker/Data/docker.raw.sock',
      }),
    ).toBe('docker-desktop');
    expect(
      guessProvider({
        name: 'default',
        socketPath: '/var/run/docker.sock',
        realSocketPath: '/Users/u/.colima/default/docker.sock',
      }),
    ).toBe('colima');
  });

  it('knows colima sockets under $COLIMA_HOME', () => {
    expect(
      guessProvider({
        name: 'mine',
        socketPath: '/opt/vms/colima/default/docker.sock',
        productFolders: [{ provider: 'colima', dir: '/opt/vms/colima' }],
      }),
    ).toBe('colima');
  });

  it('trusts where the socket is over what the context is called', () => {
    expect(guessProvider({ name: 'colima', socketPath: '/Users/u/.rd/docker.sock' })).toBe('rancher-desktop');
  });
});
