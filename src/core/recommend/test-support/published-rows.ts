// Reads the published figures shipped with the app and turns the chosen ones into ComparisonRows
// by hand (the store's own loader is another module; these tests must not depend on it).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ComparisonRow } from '../../../shared/comparison';
import type { ProviderId } from '../../../shared/ids';

interface PublishedResult {
  machine: string;
  engine: string;
  fileSharing: string;
  vm?: string;
  mount: string;
  workload: string;
  mean: number;
  stddev?: number;
  min?: number;
  max?: number;
  runs?: number;
  note?: string;
}

interface PublishedSource {
  id: string;
  title: string;
  code?: string;
  machines: Record<string, { label: string; chip: string; arch: string }>;
  results: PublishedResult[];
}

const PROVIDERS: Record<string, ProviderId> = {
  'Docker Desktop': 'docker-desktop',
  'Rancher Desktop': 'rancher-desktop',
};

export function loadPublishedSource(id: string): PublishedSource {
  const file = join(__dirname, '..', '..', '..', '..', 'resources', 'published-results.json');
  const data = JSON.parse(readFileSync(file, 'utf8')) as { sources: PublishedSource[] };
  const source = data.sources.find((s) => s.id === id);
  if (!source) throw new Error(`no published source ${id}`);
  return source;
}

export function publishedRows(sourceId: string, keep: (r: PublishedResult) => boolean): ComparisonRow[] {
  const source = loadPublishedSource(sourceId);
  return source.results.filter(keep).map((r) => {
    const machine = source.machines[r.machine];
    const mount = r.mount as ComparisonRow['backend']['mount'];
    return {
      source: { kind: 'published', sourceId, title: source.title, url: source.code ?? null },
      machine: { key: r.machine, label: machine.label, chip: machine.chip, arch: machine.arch },
      backend: {
        key: `${r.engine}/${[r.vm, r.fileSharing].filter(Boolean).join(' ')}/${r.mount}`,
        label: [r.engine, r.vm, r.fileSharing, r.mount].filter(Boolean).join(' '),
        provider: PROVIDERS[r.engine] ?? null,
        fileSharing: r.fileSharing,
        mount,
      },
      workload: { key: r.workload, id: r.workload, case: null },
      mean: r.mean,
      stddev: r.stddev ?? null,
      median: null,
      min: r.min ?? r.mean,
      max: r.max ?? r.mean,
      runs: r.runs ?? 1,
      samples: null,
      opsPerSample: 1,
      fsType: null,
      note: r.note ?? null,
    };
  });
}
