import { describe, expect, it } from 'vitest';
import { currentContextName } from './current-context';

describe('currentContextName (the docker CLI order)', () => {
  it('DOCKER_HOST wins and means the default context', () => {
    expect(
      currentContextName({ DOCKER_HOST: 'tcp://h:2375', DOCKER_CONTEXT: 'colima' }, 'desktop-linux'),
    ).toEqual({
      name: 'default',
      via: 'DOCKER_HOST',
    });
  });

  it('DOCKER_CONTEXT beats config.json', () => {
    expect(currentContextName({ DOCKER_CONTEXT: 'colima' }, 'desktop-linux')).toEqual({
      name: 'colima',
      via: 'DOCKER_CONTEXT',
    });
  });

  it('config.json beats the implicit default', () => {
    expect(currentContextName({}, 'desktop-linux')).toEqual({ name: 'desktop-linux', via: 'config.json' });
    expect(currentContextName({}, undefined)).toEqual({ name: 'default', via: 'implicit' });
  });

  it('ignores empty variables, as the docker CLI does', () => {
    expect(currentContextName({ DOCKER_HOST: '', DOCKER_CONTEXT: '' }, 'orbstack').name).toBe('orbstack');
  });
});
