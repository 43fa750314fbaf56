// The top of a results picture: which machine, when, on which engine, with which Mountbench, and
// how the figures were taken, so a screenshot carries its own context.
import type { RunFile } from '../../../shared/result-schema';
import { dateTimeWords as dateWords } from '../lib/dates';
import { machineLine, PRODUCT_NAMES } from '../lib/machine-words';

function countsWords(run: RunFile): string | null {
  const first = run.results[0];
  if (!first) return null;
  const runs = [...new Set(run.results.map((r) => r.stats.runs))].sort((a, b) => a - b);
  const runWords = runs.length === 1 ? `${runs[0]}` : `${runs[0]}–${runs.at(-1)}`;
  return `${first.workload.size} size · ${first.warmupRuns} warm-up + ${runWords} timed run(s) · ${first.cache} cache`;
}

export function ResultsHeader({ run }: { run: RunFile }) {
  const engine = run.engine;
  const counts = countsWords(run);
  return (
    <header className="results-header" data-testid="results-header">
      <h2>
        Mountbench results <span className={`status status-${run.status}`}>{run.status}</span>
      </h2>
      <p className="machine-line" data-testid="results-machine">
        {machineLine(run.machine)}
      </p>
      <p className="meta">
        <span data-testid="results-date">{dateWords(run.createdAt)}</span>
        {' · '}
        <span data-testid="results-engine">
          {engine
            ? `${PRODUCT_NAMES[engine.provider]} ${engine.serverVersion} (engine “${engine.name}”, ${engine.os}, ${engine.arch})`
            : 'host baseline only (no engine)'}
        </span>
        {' · '}
        <span data-testid="results-app-version">Mountbench {run.app.version}</span>
        {counts && ` · ${counts}`}
      </p>
    </header>
  );
}
