// The compared figures grouped by machine: every row's time (per operation where a sample is many
// operations), how its samples were taken, range, runs, filesystem and note, with where it comes from.
import type { ComparisonRow } from '../../../shared/comparison';
import { formatMeanStddev, formatTime } from '../../../shared/format-time';
import { perOp, perOpSpread } from '../../../shared/per-op';
import { machineGroupLabel, rowSize, type MachineGroup } from '../lib/compare-data';
import { sampleMethodWords } from '../../../shared/sample-method-words';
import { workloadCaseWords } from '../lib/size-words';

function rangeWords(row: ComparisonRow): string {
  if (row.rangeUnknown) return 'not published';
  return `${formatTime(perOp(row.min, row.opsPerSample))} … ${formatTime(perOp(row.max, row.opsPerSample))}`;
}

export function CompareTable({
  machines,
  titles,
}: {
  machines: MachineGroup[];
  titles: ReadonlyMap<string, string>;
}) {
  return (
    <div className="table-scroll">
      <table className="figures" data-testid="compare-table">
        <caption>Figures by machine (per operation where a sample is many operations)</caption>
        <thead>
          <tr>
            <th scope="col">Workload</th>
            <th scope="col">Backend</th>
            <th scope="col">Size</th>
            <th scope="col">Samples</th>
            <th scope="col">Mean ± σ</th>
            <th scope="col">Min … max</th>
            <th scope="col">Runs</th>
            <th scope="col">fs type</th>
            <th scope="col">Note</th>
          </tr>
        </thead>
        {machines.map((m) => (
          <tbody key={m.key} data-testid={`compare-machine-${m.key}`}>
            <tr className="group-row">
              <th scope="colgroup" colSpan={9}>
                {machineGroupLabel(m)} <span className="note">— {m.sources.join('; ')}</span>
              </th>
            </tr>
            {m.rows.map((row, i) => {
              const { mean, stddev } = perOpSpread(row);
              const method = sampleMethodWords(row);
              return (
                <tr key={`${row.backend.key}|${row.workload.key}|${i}`}>
                  <td>{workloadCaseWords(row.workload.id, row.workload.case, titles)}</td>
                  <th scope="row">{row.backend.label}</th>
                  <td>{rowSize(row)}</td>
                  <td title={method.title} data-testid="compare-sample-method">
                    {method.text}
                  </td>
                  <td className="num">
                    {formatMeanStddev(mean, stddev)}
                    {row.opsPerSample > 1 && '/op'}
                  </td>
                  <td className="num">{rangeWords(row)}</td>
                  <td className="num">{row.runs}</td>
                  <td>{row.fsType ?? '—'}</td>
                  <td className="note-cell">{row.note ?? ''}</td>
                </tr>
              );
            })}
          </tbody>
        ))}
      </table>
    </div>
  );
}
