import { describe, expect, it } from 'vitest';
import { describeProbeError, timedOutMessage } from './probe-errors';

// The errors here have the shapes Node's net/tls modules and docker-modem produce; the real sockets
// behind them are exercised in probe.test.ts and the integration tests.
const sysError = (code: string, message = `connect ${code}`): NodeJS.ErrnoException =>
  Object.assign(new Error(message), { code, syscall: 'connect' });

describe('describeProbeError', () => {
  it('says there is no socket', () => {
    expect(describeProbeError(sysError('ENOENT'), 'unix:///Users/u/.rd/docker.sock')).toBe(
      'no socket at /Users/u/.rd/docker.sock (is the engine running?)',
    );
  });

  it('says permission denied and how to fix it on Linux', () => {
    const text = describeProbeError(sysError('EACCES'), 'unix:///var/run/docker.sock');
    expect(text).toMatch(/^permission denied on \/var\/run\/docker\.sock/);
    expect(text).toContain('"docker" group');
  });

  it('says connection refused for sockets and ports', () => {
    expect(describeProbeError(sysError('ECONNREFUSED'), 'unix:///tmp/d.sock')).toMatch(
      /^connection refused on \/tmp\/d\.sock/,
    );
    expect(describeProbeError(sysError('ECONNREFUSED'), 'tcp://127.0.0.1:2375')).toMatch(
      /^connection refused by 127\.0\.0\.1:2375/,
    );
  });

  it('says a host name does not resolve', () => {
    expect(
      describeProbeError(sysError('ENOTFOUND', 'getaddrinfo ENOTFOUND nowhere'), 'tcp://nowhere:2375'),
    ).toBe('host not found: nowhere');
  });

  it('passes on what the engine said with an HTTP error', () => {
    const err = Object.assign(new Error('(HTTP code 500) server error'), {
      statusCode: 500,
      json: { message: 'daemon is shutting down' },
    });
    expect(describeProbeError(err, 'unix:///x.sock')).toBe(
      'the engine answered HTTP 500: daemon is shutting down',
    );
  });

  it('points at the TLS files for certificate errors', () => {
    const err = Object.assign(new Error('self-signed certificate'), { code: 'DEPTH_ZERO_SELF_SIGNED_CERT' });
    expect(describeProbeError(err, 'tcp://h:2376')).toMatch(
      /^TLS failed with h:2376: self-signed certificate \(check/,
    );
  });

  it('falls back to the raw message', () => {
    expect(describeProbeError(new Error('something odd'), 'tcp://h:1')).toBe('something odd');
    expect(describeProbeError('a string', 'tcp://h:1')).toBe('a string');
  });

  it('writes timeouts in seconds', () => {
    expect(timedOutMessage(3000)).toBe('timed out after 3 s');
    expect(timedOutMessage(250)).toBe('timed out after 0.25 s');
  });
});
