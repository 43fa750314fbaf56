// Run: overall progress with its ETA, each backend's state, samples as they land, the log, Cancel.
// A sweep is followed here too: its settings one by one, above the run of the one being measured;
// and an apply in progress (rejoined after a reload), with its Cancel.
import { memo, useDeferredValue, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ApplyJobPanel } from '../components/ApplyJobPanel';
import { BackendStates } from '../components/BackendStates';
import { EventLog } from '../components/EventLog';
import { LiveSampleChart } from '../components/LiveSampleChart';
import { RunProgressPanel } from '../components/RunProgressPanel';
import { SweepProgressPanel } from '../components/SweepProgressPanel';
import { sweepStillToCome } from '../lib/sweep-progress';
import { useSlice, useStores } from '../stores/StoresContext';
import type { RunProgress } from '../lib/run-progress';
import type { RunRequest } from '../../../shared/run-plan';
import type { WorkloadInfo } from '../../../shared/api';

export function RunView() {
  const stores = useStores();
  const progress = useSlice(
    (s) => s.run,
    (s) => s.progress,
  );
  const phase = useSlice(
    (s) => s.run,
    (s) => s.phase,
  );
  const request = useSlice(
    (s) => s.run,
    (s) => s.request,
  );
  const cancelling = useSlice(
    (s) => s.run,
    (s) => s.cancelling,
  );
  const workloads = useSlice(
    (s) => s.setup,
    (s) => s.workloads,
  );
  const sweep = useSlice(
    (s) => s.sweep,
    useShallow((s) => ({
      phase: s.phase,
      progress: s.progress,
      cancelling: s.cancelling,
      request: s.request,
    })),
  );
  const providers = useSlice(
    (s) => s.setup,
    (s) => s.providers,
  );
  // The dry run Setup asked for before this sweep started: its restarts and backends.
  const proposal = useSlice(
    (s) => s.setup,
    (s) => s.proposal,
  );
  const applyPhase = useSlice(
    (s) => s.apply,
    (s) => s.phase,
  );
  // What the body shows: the progress, a render behind (RunBody's comment says why).
  const shownProgress = useDeferredValue(progress);
  const titles = useMemo(() => new Map(workloads.map((w) => [w.id as string, w.title])), [workloads]);

  if (applyPhase === 'active') return <ApplyJobPanel />;
  if (sweep.phase === 'starting') return <p role="status">Starting the sweep…</p>;
  if (sweep.progress && sweep.phase !== 'idle') {
    const product =
      providers.find((p) => p.detection.id === sweep.request?.provider)?.detection.label ?? null;
    return (
      <div className="run-view">
        <SweepProgressPanel
          progress={sweep.progress}
          productLabel={product}
          active={sweep.phase === 'active'}
          cancelling={sweep.cancelling}
          stillToCome={sweepStillToCome(
            sweep.progress,
            sweep.request && proposal.key === JSON.stringify(sweep.request) ? proposal.view : null,
            sweep.request,
            workloads,
          )}
          onCancel={() => void stores.sweep.getState().cancel()}
          onOpenResults={(runId) => {
            void stores.results.getState().open(runId);
            stores.nav.getState().show('results');
          }}
        />
      </div>
    );
  }
  if (phase === 'starting') return <p role="status">Starting the run…</p>;
  if (!progress) {
    return (
      <div className="empty" data-testid="run-idle">
        {applyPhase === 'finished' && <ApplyJobPanel />}
        <p>No run yet. Choose what to measure in Setup, then press &ldquo;Benchmark my setup&rdquo;.</p>
        <button type="button" onClick={() => stores.nav.getState().show('setup')}>
          Go to Setup
        </button>
      </div>
    );
  }

  return (
    <RunBody
      progress={shownProgress ?? progress}
      request={request}
      cancelling={cancelling}
      workloads={workloads}
      titles={titles}
    />
  );
}

interface RunBodyProps {
  progress: RunProgress;
  request: RunRequest | null;
  cancelling: boolean;
  workloads: WorkloadInfo[];
  titles: ReadonlyMap<string, string>;
}

/**
 * The run's progress, state, log and chart, drawn from the deferred progress: a store update is a
 * synchronous render (zustand's useSyncExternalStore), so RunView itself re-renders at once but
 * hands this the previous progress and React skips it; the new progress renders here as a
 * transition, in slices that yield to a click, instead of holding the click's frame.
 */
const RunBody = memo(function RunBody({ progress, request, cancelling, workloads, titles }: RunBodyProps) {
  const stores = useStores();
  const finished = progress.status !== 'running';
  const realErrors = progress.errors.filter((e) => e.code !== 'CANCELLED' && e.backendId === null);
  return (
    <div className="run-view">
      <RunProgressPanel
        progress={progress}
        maxRounds={request?.race ? (request.maxRuns ?? null) : null}
        cancelling={cancelling}
        onCancel={() => void stores.run.getState().cancel()}
      />
      {realErrors.length > 0 && (
        <div className="callout error" data-testid="run-errors">
          {realErrors.map((e, i) => (
            <p key={i}>{e.message}</p>
          ))}
        </div>
      )}
      {finished && (
        <div className="callout" data-testid="run-finished">
          <p>
            {progress.status === 'completed'
              ? `The run is complete: ${progress.results.length} result(s).`
              : `${progress.status === 'failed' ? 'The run failed' : 'The run was cancelled'}${progress.results.length ? `; ${progress.results.length} result(s) were kept` : ''}.`}
          </p>
          {(progress.run || progress.answered) && progress.results.length > 0 && (
            <button
              type="button"
              className="primary"
              data-testid="run-open-results"
              onClick={() => {
                // Before run-done, the answer as it was stored (the clean-up is still going on).
                if (progress.run) void stores.results.getState().show(progress.run);
                else void stores.results.getState().open(progress.runId);
                stores.nav.getState().show('results');
              }}
            >
              See the results
            </button>
          )}
        </div>
      )}
      <div className="run-grid">
        <BackendStates backends={progress.backends} request={request} workloads={workloads} />
        <EventLog entries={progress.log} startedAtMs={null} />
      </div>
      <LiveSampleChart samples={progress.samples} backends={progress.backends} titles={titles} />
    </div>
  );
});
