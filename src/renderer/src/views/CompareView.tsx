// Compare: stored runs, imported files and the published figures side by side, grouped by
// machine: one chart per workload (a bar per backend for each machine) and the table of them all.
import { useCallback, useMemo, useRef, useState } from 'react';
import { CompareSources } from '../components/CompareSources';
import { CompareTable } from '../components/CompareTable';
import { RunImportBox } from '../components/RunImportBox';
import { ShareCardButtons } from '../components/ShareCardButtons';
import { GroupedBarChart } from '../components/GroupedBarChart';
import {
  compareCharts,
  groupByMachine,
  machineGroupLabel,
  mixedSizeKeys,
  rowSize,
  publishedMachines,
  quickBesidePublished,
  timePerWords,
} from '../lib/compare-data';
import { downloadBlob, imageFileName } from '../lib/download';
import { errorMessage } from '../lib/error-message';
import { pageBackground, pictureOf } from '../lib/image-export';
import { compareCardModel } from '../lib/share-card-model';
import { workloadCaseWords } from '../lib/size-words';
import { useSlice } from '../stores/StoresContext';
import type { MachineRatio } from '../../../shared/comparison';
import { machineRatioWords } from '../../../shared/machine-ratio-words';

/** Machine against machine for one workload: each backend's time on one machine over the other's. */
function MachineRatios({ workloadKey, ratios }: { workloadKey: string; ratios: MachineRatio[] }) {
  if (ratios.length === 0) return null;
  return (
    <ul className="plain machine-ratios" data-testid={`compare-ratios-${workloadKey}`}>
      {ratios.map((r) => (
        <li key={`${r.machine.key}|${r.backendKey}`}>{machineRatioWords(r)}</li>
      ))}
    </ul>
  );
}

export function CompareView() {
  const compare = useSlice(
    (s) => s.compare,
    (s) => s,
  );
  const runs = useSlice(
    (s) => s.history,
    (s) => s.runs,
  );
  const workloads = useSlice(
    (s) => s.setup,
    (s) => s.workloads,
  );
  const appVersion = useSlice(
    (s) => s.setup,
    (s) => s.info?.version ?? 'unknown',
  );
  const [logScale, setLogScale] = useState(true);
  const [pngStatus, setPngStatus] = useState<string | null>(null);
  const picture = useRef<HTMLDivElement>(null);
  const titles = useMemo(() => new Map(workloads.map((w) => [w.id as string, w.title])), [workloads]);
  // Stable, so ticking one stored run redraws only its row (CompareSources memoises the rows).
  const { toggleRun: toggle } = compare;
  const toggleRun = useCallback((id: string) => void toggle(id), [toggle]);

  const rows = useMemo(
    () => [
      ...compare.measured,
      ...compare.published.filter((r) => compare.publishedKeys.includes(r.machine.key)),
    ],
    [compare.measured, compare.published, compare.publishedKeys],
  );
  const machines = groupByMachine(rows);
  const quickOnes = quickBesidePublished(rows);
  const mixed = mixedSizeKeys(rows);
  const baselines = new Set(rows.filter((r) => r.backend.mount === 'host').map((r) => r.backend.key));

  const savePng = async () => {
    try {
      if (!picture.current) return;
      const name = imageFileName(null, 'full');
      downloadBlob(name, await pictureOf(picture.current, { backgroundColor: pageBackground() }));
      setPngStatus(`Saved ${name}.`);
    } catch (err) {
      setPngStatus(`Saving the picture failed: ${errorMessage(err)}`);
    }
  };

  return (
    <div className="compare-grid">
      <CompareSources
        runs={runs}
        runIds={compare.runIds}
        published={publishedMachines(compare.published)}
        publishedKeys={compare.publishedKeys}
        onToggleRun={toggleRun}
        onTogglePublished={compare.togglePublished}
        onM1VsIntel={() => void compare.showM1VsIntel()}
        importBox={<RunImportBox />}
      />
      <div className="compare-main">
        {rows.length === 0 ? (
          <div className="empty" data-testid="compare-empty">
            <p>
              Pick stored runs or published machines on the left, import a colleague&apos;s file, or press
              &ldquo;M1 vs Intel&rdquo;.
            </p>
          </div>
        ) : (
          <>
            <div className="toolbar" data-no-export="true">
              <label className="inline">
                <input
                  type="checkbox"
                  checked={logScale}
                  onChange={() => setLogScale(!logScale)}
                  data-testid="compare-log-scale"
                />{' '}
                Log scale
              </label>
              <ShareCardButtons
                fileName={imageFileName(null, 'card')}
                model={() =>
                  compareCardModel(rows, titles, appVersion, new Date().toISOString().slice(0, 10))
                }
              />
              <button type="button" onClick={() => void savePng()} data-testid="export-png-compare">
                Full comparison as PNG
              </button>
              <span className="note" role="status">
                {pngStatus}
              </span>
            </div>
            <div ref={picture} className="results-picture" data-testid="compare-view">
              <h2>Compared: {machines.map(machineGroupLabel).join(' · ')}</h2>
              {quickOnes.length > 0 && (
                <p className="callout" data-testid="compare-size-warning">
                  Quick-size measurements sit beside published figures for{' '}
                  {quickOnes.map((w) => workloadCaseWords(w.id, w.case, titles)).join(', ')}: the published
                  figures were taken at the default size, so these times are not comparable. Run the Standard
                  or Thorough preset (default size) to compare with them.
                </p>
              )}
              {compareCharts(rows).map((chart) => {
                const first = rows.find((r) => r.workload.key === chart.workloadKey);
                return (
                  <section key={chart.workloadKey} className="card" aria-label={chart.workloadKey}>
                    <h3>
                      {first
                        ? workloadCaseWords(first.workload.id, first.workload.case, titles)
                        : chart.workloadKey}{' '}
                      <span className="note" data-testid={`compare-size-${chart.workloadKey}`}>
                        ·{' '}
                        {[
                          ...new Set(rows.filter((r) => r.workload.key === chart.workloadKey).map(rowSize)),
                        ].join(' + ')}{' '}
                        size
                      </span>
                    </h3>
                    <GroupedBarChart
                      figures={chart.bars}
                      logScale={logScale}
                      yLabel={`${timePerWords(rows.filter((r) => r.workload.key === chart.workloadKey))} (lower is faster)`}
                      baselineIds={baselines}
                      testId={`compare-chart-${chart.workloadKey}`}
                      height={260}
                      badge={mixed.has(chart.workloadKey) ? '⚠ mixed sizes: not comparable' : null}
                    />
                    <MachineRatios
                      workloadKey={chart.workloadKey}
                      ratios={compare.ratios.filter((r) => r.workloadKey === chart.workloadKey)}
                    />
                  </section>
                );
              })}
              <CompareTable machines={machines} titles={titles} />
            </div>
          </>
        )}
      </div>
    </div>
  );
}
