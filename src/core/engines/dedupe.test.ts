import { describe, expect, it } from 'vitest';
import type { EngineCandidate } from './candidate';
import { dedupeCandidates } from './dedupe';

const candidate = (
  over: Partial<EngineCandidate> & Pick<EngineCandidate, 'name' | 'source'>,
): EngineCandidate => ({
  endpoint: 'unix:///x.sock',
  provider: 'docker-engine',
  current: false,
  ...over,
});

describe('dedupeCandidates', () => {
  it('keeps the named context over `default` and a bare socket, and keeps the current mark', () => {
    const result = dedupeCandidates([
      {
        candidate: candidate({ name: 'default', source: 'context', current: true }),
        key: 'unix:///real.sock',
      },
      { candidate: candidate({ name: 'desktop-linux', source: 'context' }), key: 'unix:///real.sock' },
      { candidate: candidate({ name: 'desktop-linux', source: 'socket' }), key: 'unix:///real.sock' },
    ]);
    expect(result).toHaveLength(1);
    expect(result[0]).toMatchObject({ name: 'desktop-linux', source: 'context', current: true });
  });

  it('prefers the current one of two contexts on one endpoint', () => {
    const result = dedupeCandidates([
      { candidate: candidate({ name: 'a', source: 'context' }), key: 'k' },
      { candidate: candidate({ name: 'b', source: 'context', current: true }), key: 'k' },
    ]);
    expect(result.map((c) => [c.name, c.current])).toEqual([['b', true]]);
  });

  it('never merges entries without a key, and keeps the order of first appearance', () => {
    const result = dedupeCandidates([
      { candidate: candidate({ name: 'default', source: 'context' }), key: 'k1' },
      {
        candidate: candidate({ name: 'broken', source: 'context', endpoint: '', error: 'bad file' }),
        key: undefined,
      },
      {
        candidate: candidate({ name: 'broken2', source: 'context', endpoint: '', error: 'bad file' }),
        key: undefined,
      },
      { candidate: candidate({ name: 'rancher-desktop', source: 'socket' }), key: 'k2' },
    ]);
    expect(result.map((c) => c.name)).toEqual(['default', 'broken', 'broken2', 'rancher-desktop']);
  });

  it('renames a known socket whose name a context pointing elsewhere already has', () => {
    const result = dedupeCandidates([
      { candidate: candidate({ name: 'colima', source: 'context', endpoint: 'ssh://remote' }), key: 'ssh' },
      { candidate: candidate({ name: 'colima', source: 'socket' }), key: 'local' },
    ]);
    expect(result.map((c) => c.name)).toEqual(['colima', 'colima-socket']);
  });
});
