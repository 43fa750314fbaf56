import { describe, expect, it } from 'vitest';
import { checkedPage, quantile } from './measure-page-reload';
import { loopbackPortOf } from './container-executor';

describe('quantile', () => {
  it('interpolates between order statistics', () => {
    expect(quantile([4, 1, 3, 2], 0.5)).toBe(2.5);
    expect(quantile([1, 2, 3, 4, 5], 0.95)).toBeCloseTo(4.8);
    expect(quantile([7], 0.95)).toBe(7);
  });
});

describe('checkedPage', () => {
  const page = (status: number, body: string) => ({ status, body, seconds: 0.01 });

  it('passes a page that stat’ed and read every file', () => {
    expect(checkedPage(page(200, 'files 3\nbytes 10\nmarker m\n'), 3)).toMatchObject({ marker: 'm' });
  });

  it('fails a page with fewer files, an error status or a foreign body', () => {
    expect(() => checkedPage(page(200, 'files 2\nbytes 10\nmarker m\n'), 3)).toThrow(/stat'ed 2 files of 3/);
    expect(() => checkedPage(page(500, 'stat failed\n'), 3)).toThrow(/answered 500/);
    expect(() => checkedPage(page(200, '<html>'), 3)).toThrow(/not a rendered page/);
  });
});

describe('loopbackPortOf', () => {
  it('reads the loopback host port the engine bound', () => {
    const inspect = {
      NetworkSettings: { Ports: { '8080/tcp': [{ HostIp: '127.0.0.1', HostPort: '32771' }] } },
    };
    expect(loopbackPortOf(inspect, 8080)).toBe(32771);
  });

  it.each([
    ['no ports', {}],
    [
      'a port on every interface',
      { NetworkSettings: { Ports: { '8080/tcp': [{ HostIp: '0.0.0.0', HostPort: '1' }] } } },
    ],
    [
      'a port out of range',
      { NetworkSettings: { Ports: { '8080/tcp': [{ HostIp: '127.0.0.1', HostPort: '70000' }] } } },
    ],
    [
      'a port that is not a number',
      { NetworkSettings: { Ports: { '8080/tcp': [{ HostIp: '127.0.0.1', HostPort: 'x' }] } } },
    ],
    ['null', null],
  ])('refuses %s', (_what, inspect) => {
    expect(loopbackPortOf(inspect, 8080)).toBeNull();
  });
});
