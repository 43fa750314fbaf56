// The published figures as comparison rows, in the same model as the user's own results: machine,
// backend (provider, file-sharing setting, mount), workload, and times in seconds.
import { workloadKey, type ComparisonRow } from '../../shared/comparison';
import type { ProviderId } from '../../shared/ids';
import { providerForPublishedLabel } from '../products/catalog';
import { median, sampleStandardDeviation } from '../stats/descriptive';
import { parsePublishedMount } from './published-mount';
import {
  shippedPublishedResults,
  type PublishedResult,
  type PublishedResults,
  type PublishedSource,
} from './published';

/** Which product a write-up's engine name belongs to (each module's `publishedLabel`). */
export function providerForEngine(engine: string): ProviderId | null {
  return providerForPublishedLabel(engine);
}

/** The setting as the product's own UI spells it ("gRPC FUSE" in Docker Desktop's settings). */
const SETTING_NAMES: Record<string, string> = {
  'grpc-fuse': 'gRPC FUSE',
  'grpc fuse': 'gRPC FUSE',
  virtiofs: 'VirtioFS',
};

export function fileSharingName(text: string): string {
  return SETTING_NAMES[text.toLowerCase()] ?? text;
}

function fileSharingOf(r: PublishedResult): string {
  const name = fileSharingName(r.fileSharing);
  return r.vm ? `${r.vm} + ${name}` : name;
}

function mountLabel(text: string): string {
  const parsed = parsePublishedMount(text);
  if (!parsed) return text;
  if (parsed.mount === 'host') return 'host (no container)';
  return parsed.detail ? `${parsed.mount} (${parsed.detail})` : parsed.mount;
}

function backendOf(r: PublishedResult): ComparisonRow['backend'] {
  const fileSharing = fileSharingOf(r);
  // "none" says the files never crossed a VM boundary: the mount is the whole story.
  const shown = /^none\b/i.test(r.fileSharing) ? [r.engine] : [r.engine, fileSharing];
  const parsed = parsePublishedMount(r.mount);
  return {
    key: `${r.engine}/${fileSharing}/${r.mount}`,
    label: [...shown, mountLabel(r.mount)].join(' · '),
    provider: providerForEngine(r.engine),
    fileSharing,
    // The schema refused unknown mounts, so `parsed` is set; bind is only a type-level fallback.
    mount: parsed?.mount ?? 'bind',
  };
}

function caseOf(r: PublishedResult): string | null {
  const buffer = r.params && Object.hasOwn(r.params, 'bufferBytes') ? r.params.bufferBytes : undefined;
  return buffer === undefined ? null : String(buffer);
}

function noteOf(r: PublishedResult): string | null {
  const parts: string[] = [];
  if (r.note) parts.push(r.note);
  if (r.throughputMBps !== undefined) {
    const trials = r.samplesMBps ? ` (trials: ${r.samplesMBps.join(', ')} MB/s)` : '';
    parts.push(`${r.throughputMBps} MB/s${trials}`);
  }
  return parts.length ? parts.join('; ') : null;
}

function rowOf(source: PublishedSource, r: PublishedResult): ComparisonRow {
  const machine = source.machines[r.machine];
  const scale = r.unit === 'ns/op' ? 1e-9 : 1;
  const samples = r.samples ? r.samples.map((s) => s * scale) : null;
  const runs = r.runs ?? samples?.length ?? 1;
  const rangeKnown = (r.min !== undefined && r.max !== undefined) || samples !== null || r.runs === 1;
  const meanSeconds = r.mean * scale;
  const id = r.workload;
  const workloadCase = caseOf(r);
  return {
    source: { kind: 'published', sourceId: source.id, title: source.title, url: source.code ?? null },
    machine: {
      key: `published:${source.id}/${r.machine}`,
      label: machine.label,
      chip: machine.chip,
      arch: machine.arch,
    },
    backend: backendOf(r),
    workload: { key: workloadKey(id, workloadCase), id, case: workloadCase },
    mean: meanSeconds,
    stddev:
      r.stddev !== undefined
        ? r.stddev * scale
        : samples && samples.length > 1
          ? sampleStandardDeviation(samples)
          : null,
    median: samples ? median(samples) : null,
    min:
      r.min !== undefined ? r.min * scale : samples ? samples.reduce((a, b) => Math.min(a, b)) : meanSeconds,
    max:
      r.max !== undefined ? r.max * scale : samples ? samples.reduce((a, b) => Math.max(a, b)) : meanSeconds,
    ...(rangeKnown ? {} : { rangeUnknown: true }),
    runs,
    samples,
    opsPerSample: 1,
    fsType: null,
    note: noteOf(r),
  };
}

export function rowsFromPublished(file: PublishedResults): ComparisonRow[] {
  return file.sources.flatMap((source) => source.results.map((r) => rowOf(source, r)));
}

/** The figures that ship with the app, as rows. */
export function publishedRows(): ComparisonRow[] {
  return rowsFromPublished(shippedPublishedResults());
}
