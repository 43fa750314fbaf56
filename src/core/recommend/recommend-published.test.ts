// The recommendation on the published figures as the app loads them (compare/rows-from-published),
// not only on rows built by hand: the loader's labels and keys must lead to the same answers.
import { describe, expect, it } from 'vitest';
import { publishedRows } from '../compare';
import { customProfile } from './custom-weights';
import { BUILT_IN_PROFILES } from './profiles';
import { recommend, recommendPerMachine } from './recommend';

const smallFiles = customProfile({ 'small-file-read': 1 });

describe('recommend on the shipped published figures', () => {
  const rows = publishedRows();

  it.each([
    ['m1pro-2021', 'VirtioFS'],
    ['intel-2017', 'gRPC FUSE'],
  ])('picks the right file sharing for small-file-read on bind mounts on %s', (machine, fileSharing) => {
    const bind = rows.filter(
      (r) =>
        r.machine.key.endsWith(`/${machine}`) &&
        r.workload.key === 'small-file-read' &&
        r.backend.mount === 'bind',
    );
    expect(bind).toHaveLength(2);
    const rec = recommend(bind, smallFiles);
    expect(rec.verdict).toBe('winner');
    expect(rec.choice?.fileSharing).toBe(fileSharing);
    expect(rec.setup?.action.kind).toBe('setting');
  });

  it.each(BUILT_IN_PROFILES.map((p) => [p.id, p] as const))(
    'answers per machine for the %s profile, choosing only among that machine’s backends',
    (_id, profile) => {
      const recs = recommendPerMachine(rows, profile);
      expect(recs.length).toBeGreaterThan(1);
      for (const rec of recs) {
        const own = new Set(rows.filter((r) => r.machine.key === rec.machine.key).map((r) => r.backend.key));
        if (rec.choice) expect(own.has(rec.choice.key)).toBe(true);
        else expect(rec.verdict).toBe('no-data');
        expect(rec.choice?.mount).not.toBe('host');
      }
    },
  );
});
