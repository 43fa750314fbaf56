// Every figure of the run, grouped by workload, fastest first: mean ± σ (and per operation where a
// sample is many operations), min…max, runs, the filesystem actually seen, how it compares with the
// host, the cold first run, the warnings, and a sync mount's own sync times.
import type { WorkloadResult } from '../../../shared/result-schema';
import { formatMeanStddev, formatTime } from '../../../shared/format-time';
import { secondPassWords } from '../../../shared/second-pass-words';
import { servingWords } from '../../../shared/serving-words';
import { syncNote } from '../../../shared/sync-note';
import {
  hostRatios,
  hostRatioWords,
  perOpSeconds,
  resultKey,
  resultsByWorkload,
} from '../lib/result-figures';
import { workloadCaseWords } from '../lib/size-words';

function runsWords(r: WorkloadResult): string {
  const rule = r.stop?.rule;
  const first =
    rule === 'converged'
      ? `${r.stats.runs} (converged)`
      : rule === 'max-runs'
        ? `${r.stats.runs} (cap)`
        : `${r.stats.runs}`;
  return `${first}${secondPassWords(r)}`;
}

function firstRunWords(r: WorkloadResult): string {
  if (!r.firstRun) return '—';
  return `${formatTime(r.firstRun.seconds)}${r.firstRun.differs ? ' ⚠ slower' : ''}`;
}

export function ResultsTable({
  results,
  titles,
}: {
  results: WorkloadResult[];
  titles: ReadonlyMap<string, string>;
}) {
  const ratios = hostRatios(results);
  const groups = resultsByWorkload(results);
  const perOp = results.some((r) => perOpSeconds(r) !== null);
  // What the host processes serving a backend (a FUSE daemon, a VM, a sync daemon) spent: only
  // where some backend has them.
  const hostCost = results.some((r) => servingWords(r) !== null);
  const columns = 8 + (perOp ? 1 : 0) + (hostCost ? 1 : 0);
  return (
    <div className="table-scroll">
      <table className="figures" data-testid="results-table">
        <caption>All figures (seconds per sample unless marked per op)</caption>
        <thead>
          <tr>
            <th scope="col">Backend</th>
            <th scope="col">fs type</th>
            <th scope="col">Mean ± σ</th>
            {perOp && <th scope="col">Per op</th>}
            <th scope="col">Min … max</th>
            <th scope="col">Runs</th>
            <th scope="col">Against host</th>
            <th scope="col">Cold first run</th>
            {hostCost && <th scope="col">Host cost of serving it</th>}
            <th scope="col">Warnings and notes</th>
          </tr>
        </thead>
        {groups.map(([key, list]) => (
          <tbody key={key}>
            <tr className="group-row">
              <th scope="colgroup" colSpan={columns}>
                {workloadCaseWords(list[0].workload.id, list[0].workload.case, titles)}
                {/* "My project": named by its folder's name, as the result file records it. */}
                {typeof list[0].workload.params['project'] === 'string' &&
                  list[0].workload.params['project'] && (
                    <span data-testid="results-project">: {list[0].workload.params['project']}</span>
                  )}
              </th>
            </tr>
            {list.map((r) => {
              const op = perOpSeconds(r);
              const ratio = ratios.get(r);
              // A sync mount's own times (initial sync, write-back flush), timed apart from the samples.
              const sync = syncNote(r);
              return (
                <tr key={r.backend.id} data-testid={`results-row-${r.backend.id}-${resultKey(r)}`}>
                  <th scope="row">{r.backend.label}</th>
                  <td>{r.fsType}</td>
                  <td className="num">{formatMeanStddev(r.stats.mean, r.stats.stddev)}</td>
                  {perOp && <td className="num">{op === null ? '—' : `${formatTime(op)}/op`}</td>}
                  <td className="num">
                    {formatTime(r.stats.min)} … {formatTime(r.stats.max)}
                  </td>
                  <td className="num" data-testid="results-runs">
                    {runsWords(r)}
                  </td>
                  <td>
                    {r.backend.mount === 'host'
                      ? 'baseline'
                      : ratio === undefined
                        ? '—'
                        : hostRatioWords(ratio)}
                  </td>
                  <td className="num" data-testid="results-first-run">
                    {firstRunWords(r)}
                  </td>
                  {hostCost && <td data-testid="results-host-cost">{servingWords(r) ?? '—'}</td>}
                  <td className="warnings">
                    {r.warnings.length || sync ? (
                      <ul className="plain">
                        {r.warnings.map((w, i) => (
                          <li key={i}>{w}</li>
                        ))}
                        {sync && (
                          <li
                            className="sync-note"
                            data-testid={`results-sync-${r.backend.id}-${resultKey(r)}`}
                          >
                            {sync}
                          </li>
                        )}
                      </ul>
                    ) : (
                      <span className="none">—</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        ))}
      </table>
    </div>
  );
}
