// One CSV row per result (RFC 4180: CRLF line ends, fields quoted when they hold a comma, a quote
// or a line break, quotes doubled), with a header row whose names carry the unit. Numbers are
// written in JavaScript's shortest round-trip form, so reading them back gives the same values.
// Other control characters in text (escape sequences from someone else's labels) are escaped.
import type { RunFile, WorkloadResult } from '../../shared/result-schema';
import { machineLabel } from '../machine/machine-key';
import { flushMedianSeconds } from '../../shared/sync-note';
import { printable } from '../../shared/printable';
import { roleOf } from '../../shared/mounts';
import { sampleMethodOf } from '../../shared/sample-method-of';

type Cell = string | number | null | undefined;

interface Column {
  header: string;
  value(result: WorkloadResult, run: RunFile): Cell;
}

const BASE_COLUMNS: Column[] = [
  { header: 'run_id', value: (_r, run) => run.id },
  { header: 'created_at', value: (_r, run) => run.createdAt },
  { header: 'machine', value: (_r, run) => machineLabel(run.machine) },
  { header: 'backend_id', value: (r) => r.backend.id },
  { header: 'backend', value: (r) => r.backend.label },
  { header: 'provider', value: (r) => r.backend.provider },
  { header: 'variant', value: (r) => r.backend.variant },
  { header: 'mount', value: (r) => r.backend.mount },
  // Which kind of file the backend can hold: it is compared and answered only within that role.
  { header: 'role', value: (r) => roleOf(r.backend.mount) },
  { header: 'workload', value: (r) => r.workload.id },
  { header: 'case', value: (r) => r.workload.case },
  { header: 'size', value: (r) => r.workload.size },
  { header: 'cache', value: (r) => r.cache },
  { header: 'cold_cache', value: (r) => r.coldCache },
  { header: 'fs_type', value: (r) => r.fsType },
  { header: 'runs', value: (r) => r.stats.runs },
  { header: 'ops_per_sample', value: (r) => r.opsPerSample ?? 1 },
  // How a sample was taken, written out even where the file left it at its default, so a reader
  // never has to know the defaults: `stats` are per execution of a batched sample.
  { header: 'executions_per_sample', value: (r) => r.executionsPerSample ?? 1 },
  { header: 'sample_method', value: (r) => sampleMethodOf(r) },
  { header: 'mean_s', value: (r) => r.stats.mean },
  { header: 'stddev_s', value: (r) => r.stats.stddev },
  { header: 'median_s', value: (r) => r.stats.median },
  { header: 'min_s', value: (r) => r.stats.min },
  { header: 'max_s', value: (r) => r.stats.max },
  { header: 'user_s', value: (r) => r.stats.user },
  { header: 'system_s', value: (r) => r.stats.system },
  { header: 'first_run_s', value: (r) => r.firstRun?.seconds },
];

/** Every sample, space-separated, last: a spreadsheet shows the summary columns first. */
const SAMPLES_COLUMN: Column = { header: 'samples_s', value: (r) => r.stats.samples.join(' ') };

/** `mbPerSecond` → `mb_per_second`: derived figures name their unit in their key. */
function snake(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

function derivedColumns(run: RunFile): Column[] {
  const keys = [...new Set(run.results.flatMap((r) => Object.keys(r.derived)))].sort();
  return keys.map((key) => ({
    header: snake(key),
    value: (r) => (Object.hasOwn(r.derived, key) ? r.derived[key] : null),
  }));
}

/**
 * A text cell that starts like a formula would run as one when the file is opened in a
 * spreadsheet (CSV injection); result files come from other people, so such text is defused with
 * a leading apostrophe, as OWASP recommends. Numbers are never touched.
 */
function defuse(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function field(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  const text = typeof cell === 'number' ? String(cell) : defuse(printable(cell, '\r\n'));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Only in runs with a sync mount: the sync tool's times, kept out of the samples. */
const SYNC_COLUMNS: Column[] = [
  { header: 'sync_tool', value: (r) => r.sync?.tool },
  { header: 'sync_initial_s', value: (r) => r.sync?.initialSeconds },
  { header: 'sync_flush_median_s', value: (r) => flushMedianSeconds(r) },
  { header: 'sync_flushes_s', value: (r) => r.sync?.flushSeconds.join(' ') },
];

export function runCsv(run: RunFile): string {
  const sync = run.results.some((r) => r.sync) ? SYNC_COLUMNS : [];
  const columns = [...BASE_COLUMNS, ...derivedColumns(run), ...sync, SAMPLES_COLUMN];
  const lines = [
    columns.map((c) => field(c.header)).join(','),
    ...run.results.map((r) => columns.map((c) => field(c.value(r, run))).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
