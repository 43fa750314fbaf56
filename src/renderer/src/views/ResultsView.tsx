// Results: a screenshot-ready view of one run — header, grouped bars with σ, the table of every
// figure, and the recommendation for the chosen profile — with export and share.
import { AfterCommit } from '../components/AfterCommit';
import { ColdWarmNotes } from '../components/ColdWarmNotes';
import { DerivedNotes } from '../components/DerivedNotes';
import { memo, useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { ExportBar } from '../components/ExportBar';
import { RecommendationCard } from '../components/RecommendationCard';
import { ResultsChartGrid } from '../components/ResultsChartGrid';
import { ResultsHeader } from '../components/ResultsHeader';
import { ResultsTable } from '../components/ResultsTable';
import { RunPicker } from '../components/RunPicker';
import { ShareCardButtons } from '../components/ShareCardButtons';
import { VerdictStrip } from '../components/VerdictStrip';
import { resultRatioWords } from '../lib/bar-ratio-words';
import { imageFileName } from '../lib/download';
import { machineLine, PRODUCT_NAMES } from '../lib/machine-words';
import { isoDate } from '../lib/run-provenance';
import { resultBars } from '../lib/result-figures';
import { runCardModel } from '../lib/share-card-model';
import { verdictOf } from '../lib/verdict';
import { undecidedRaceWorkloads } from '../../../shared/race-undecided';
import { ROLES } from '../../../shared/roles';
import type { WorkloadInfo } from '../../../shared/api';
import type { ResultsState } from '../stores/results-store';
import { useSlice, useStores } from '../stores/StoresContext';
import { startRunAndShow, useJobPhases } from '../stores/job-phases';

/** The host baseline's bars are drawn grey. */
const BASELINES: ReadonlySet<string> = new Set(['host']);

export function ResultsView() {
  const live = useSlice(
    (s) => s.results,
    (s) => s,
  );
  // With nothing open, Results opens the newest stored run that has results (not "No results yet"
  // beside fifteen stored runs).
  const newest = useSlice(
    (s) => s.history,
    (s) => s.runs.find((r) => r.resultCount > 0)?.id ?? null,
  );
  const { run: shown, status: shownStatus, open: openRun } = live;
  useEffect(() => {
    if (!shown && shownStatus === 'empty' && newest) void openRun(newest);
  }, [shown, shownStatus, newest, openRun]);
  // What the body shows: the results, a render behind. A store update renders synchronously
  // (zustand's useSyncExternalStore), and the answer lands in three of them at a run's end (the run
  // opened, its ranking, the clean-up's copy), each re-rendering the chart and table in one task of
  // hundreds of ms on two busy cores. Here this shell re-renders at once with the previous results
  // and the memoised body skips; the new results render as a transition, in slices that yield to
  // input. It starts from null, so a mount shows the frame first and the figures a slice later.
  const results = useDeferredValue(live, null);
  // The body's other inputs, deferred alike: the run's phase changes at run-done, with the answer.
  const workloads = useDeferredValue(
    useSlice(
      (s) => s.setup,
      (s) => s.workloads,
    ),
  );
  const appVersion = useDeferredValue(
    useSlice(
      (s) => s.setup,
      (s) => s.info?.version ?? 'unknown',
    ),
  );
  const { runPhase, sweepPhase } = useJobPhases();
  const busy = useDeferredValue(
    [runPhase, sweepPhase].some((phase) => phase === 'active' || phase === 'starting'),
  );
  if (!results) return <p role="status">Opening the run…</p>;
  return <ResultsBody results={results} workloads={workloads} appVersion={appVersion} busy={busy} />;
}

interface BodyProps {
  results: ResultsState;
  workloads: WorkloadInfo[];
  appVersion: string;
  /** A run or sweep is in progress (a continuation would be refused). */
  busy: boolean;
}

const ResultsBody = memo(function ResultsBody({ results, workloads, appVersion, busy }: BodyProps) {
  const stores = useStores();
  const chartRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<HTMLDivElement>(null);
  const titles = useMemo(() => new Map(workloads.map((w) => [w.id as string, w.title])), [workloads]);
  const hidden = useMemo(() => new Set(results.hidden), [results.hidden]);
  const { run } = results;

  const picker = <RunPicker current={run?.id ?? null} onOpen={(id) => void results.open(id)} />;
  if (results.status === 'loading') return <p role="status">Opening the run…</p>;
  if (!run) {
    return (
      <div className="empty" data-testid="results-empty">
        {results.status === 'error' ? (
          <p className="problem" data-testid="results-error">
            {results.error}
          </p>
        ) : (
          <p>No results to show yet: run a benchmark, or open a stored run.</p>
        )}
        {picker}
        <button type="button" onClick={() => stores.nav.getState().show('setup')}>
          Go to Setup
        </button>
      </div>
    );
  }

  const figures = resultBars(run.results, titles);
  const labelOf = new Map(run.results.map((r) => [r.backend.id, r.backend.label]));
  const runErrors = run.errors.filter((e) => e.code !== 'CANCELLED');
  const rec = results.recommendation.list[0] ?? null;
  return (
    <div className="results-view">
      <div className="toolbar" data-no-export="true">
        {picker}
        {run.results.length > 0 && (
          <ShareCardButtons
            fileName={imageFileName(run.id, 'card')}
            model={() =>
              runCardModel(
                run,
                verdictOf(run, results.recommendation.status === 'ready' ? rec : null),
                titles,
                appVersion,
              )
            }
          />
        )}
        <ExportBar runId={run.id} chart={chartRef} view={viewRef} />
      </div>
      <div ref={viewRef} className="results-picture" data-testid="results-view">
        <ResultsHeader run={run} />
        {run.results.length > 0 && (
          <VerdictStrip
            run={run}
            status={results.recommendation.status}
            recommendation={rec}
            titles={titles}
            busy={busy}
            // A continuation is a run like any other: through the run store, then its progress.
            onKeepMeasuring={(request) => void startRunAndShow(stores, request)}
          />
        )}
        {runErrors.length > 0 && (
          <div className="callout error" data-testid="results-run-errors">
            {runErrors.map((e, i) => (
              <p key={i}>
                {[e.backendId && (labelOf.get(e.backendId) ?? e.backendId), e.workloadId]
                  .filter(Boolean)
                  .join(' · ') || 'The run'}
                : {e.message}
              </p>
            ))}
          </div>
        )}
        {run.results.length === 0 ? (
          <p className="note">This run has no results.</p>
        ) : (
          <>
            <section className="card" aria-label="Chart">
              <div className="card-head">
                <h2>Time per workload (lower is faster)</h2>
                <label className="inline" data-no-export="true">
                  <input
                    type="checkbox"
                    checked={results.logScale}
                    onChange={results.toggleLogScale}
                    data-testid="results-log-scale"
                  />{' '}
                  Log scale
                </label>
              </div>
              <div ref={chartRef} className="chart-picture">
                <p className="picture-only picture-caption">
                  Mountbench · {machineLine(run.machine)} · {isoDate(run.createdAt)} ·{' '}
                  {run.engine
                    ? `${PRODUCT_NAMES[run.engine.provider]} ${run.engine.serverVersion}`
                    : 'host only'}{' '}
                  — time per workload, lower is faster
                </p>
                {/* The panels mount after the table and the recommendation, one commit each. */}
                <ResultsChartGrid
                  figures={figures}
                  logScale={results.logScale}
                  yLabel="seconds per sample"
                  baselineIds={BASELINES}
                  hidden={hidden}
                  onToggleSeries={results.toggleBackend}
                  testId="results-chart"
                  ratioWords={resultRatioWords(run, results.recommendation.status === 'ready' ? rec : null)}
                  firstCommit={3}
                />
              </div>
              <AfterCommit>
                <ResultsTable results={run.results} titles={titles} />
                <DerivedNotes results={run.results} titles={titles} />
                <ColdWarmNotes run={run} />
              </AfterCommit>
            </section>
            <AfterCommit commits={2}>
              <RecommendationCard
                profile={results.profile}
                onProfile={(p) => void results.setProfile(p)}
                status={results.recommendation.status}
                error={results.recommendation.error}
                recommendation={rec}
                openRoles={ROLES.filter((role) => undecidedRaceWorkloads(run, role).length > 0)}
              />
            </AfterCommit>
          </>
        )}
      </div>
    </div>
  );
});
