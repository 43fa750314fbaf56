import { describe, expect, it } from 'vitest';
import { MountbenchError } from '../../shared/errors';
import { parseEndpoint, socketPathOf } from './endpoint';

describe('parseEndpoint', () => {
  it('reads a unix socket path', () => {
    expect(parseEndpoint('unix:///Users/u/.rd/docker.sock')).toEqual({
      scheme: 'unix',
      path: '/Users/u/.rd/docker.sock',
    });
  });

  it('reads tcp with and without a port, and IPv6 literals', () => {
    expect(parseEndpoint('tcp://10.0.0.5:2376')).toEqual({ scheme: 'tcp', host: '10.0.0.5', port: 2376 });
    expect(parseEndpoint('tcp://docker.example')).toEqual({
      scheme: 'tcp',
      host: 'docker.example',
      port: undefined,
    });
    expect(parseEndpoint('tcp://[::1]:2375')).toEqual({ scheme: 'tcp', host: '::1', port: 2375 });
  });

  it('treats a bare host:port as tcp, as the docker CLI does', () => {
    expect(parseEndpoint('localhost:2375')).toEqual({ scheme: 'tcp', host: 'localhost', port: 2375 });
  });

  it('reads ssh with user and port', () => {
    expect(parseEndpoint('ssh://ada@build-box:2222')).toEqual({
      scheme: 'ssh',
      host: 'build-box',
      port: 2222,
      username: 'ada',
    });
    expect(parseEndpoint('ssh://build-box')).toEqual({
      scheme: 'ssh',
      host: 'build-box',
      port: undefined,
      username: undefined,
    });
  });

  it.each([
    ['http://localhost:2375', 'scheme "http://" is not supported'],
    ['npipe:////./pipe/docker_engine', 'Windows named pipes'],
    ['unix://relative/docker.sock', 'absolute path'],
    ['', 'empty'],
    ['tcp://:2375', 'not a valid address'],
    ['ssh://', 'names no host'],
  ])('refuses %j with a BAD_INPUT that says why', (endpoint, why) => {
    let caught: unknown;
    try {
      parseEndpoint(endpoint);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(MountbenchError);
    expect((caught as MountbenchError).code).toBe('BAD_INPUT');
    expect((caught as MountbenchError).message).toContain(why);
  });

  it('socketPathOf gives the path for unix endpoints only', () => {
    expect(socketPathOf('unix:///var/run/docker.sock')).toBe('/var/run/docker.sock');
    expect(socketPathOf('tcp://127.0.0.1:2375')).toBeUndefined();
    expect(socketPathOf('bogus://x')).toBeUndefined();
  });
});
