import { describe, expect, it } from 'vitest';
import { mutagenCreateArgs, parseMutagenList } from './mutagen';

describe('mutagen sync create arguments', () => {
  const args = mutagenCreateArgs({
    name: 'mountbench-r1-0',
    runId: 'r1',
    hostRoot: '/cache/runs/r1/backend-0/data',
    container: 'mountbench-r1-0',
    containerPath: '/bench',
  });

  it('syncs the host folder (alpha) into the bench container (beta) by docker URL', () => {
    expect(args.slice(0, 4)).toEqual([
      'sync',
      'create',
      '/cache/runs/r1/backend-0/data',
      'docker://mountbench-r1-0/bench',
    ]);
    expect(args).toContain('--no-global-configuration');
  });

  it('names and labels the session so it can be found by label selector', () => {
    expect(args[args.indexOf('--name') + 1]).toBe('mountbench-r1-0');
    const labels = args.flatMap((a, i) => (a === '--label' ? [args[i + 1]] : []));
    expect(labels).toContain('mountbench=1');
    expect(labels).toContain('mountbench.run=r1');
    expect(labels.some((l) => l.startsWith('mountbench.owner='))).toBe(true);
  });

  it('lets the host win conflicts, as an editor on the host would', () => {
    expect(args[args.indexOf('--sync-mode') + 1]).toBe('two-way-resolved');
  });

  it('refuses a relative container path', () => {
    expect(() =>
      mutagenCreateArgs({ name: 'n', runId: 'r', hostRoot: '/h', container: 'c', containerPath: 'bench' }),
    ).toThrow(/absolute/);
  });
});

describe('mutagen sync list --template json', () => {
  it('reads identifiers, names and labels', () => {
    const text = JSON.stringify([
      { identifier: 'sync_1', name: 'a', labels: { mountbench: '1' }, alpha: {}, beta: {} },
      { identifier: 'sync_2', labels: null },
    ]);
    expect(parseMutagenList(text)).toEqual([
      { identifier: 'sync_1', name: 'a', labels: { mountbench: '1' } },
      { identifier: 'sync_2', name: '', labels: {} },
    ]);
  });

  it('reads no sessions from null or an empty answer', () => {
    expect(parseMutagenList('null\n')).toEqual([]);
    expect(parseMutagenList('')).toEqual([]);
  });

  it('refuses output that is not a list', () => {
    expect(() => parseMutagenList('{"identifier":"x"}')).toThrow(/JSON array/);
  });
});
