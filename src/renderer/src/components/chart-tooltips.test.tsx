// @vitest-environment jsdom
// The charts themselves need a real layout (the Playwright flows hover them); their tooltips are
// plain components, given what recharts hands them for the hovered point.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatMeanStddev } from '../../../shared/format-time';
import { resultRatioWords } from '../lib/bar-ratio-words';
import { withinDrift } from '../test-support/within-drift';
import { groupedBars } from '../lib/grouped-bars';
import { resultBars } from '../lib/result-figures';
import { runFileOf } from '../test-support/fake-api';
import { QUICK_RUN_RECOMMENDATIONS } from '../test-support/recorded-api-data';
import { QUICK_RUN } from '../test-support/recorded-runs';
import { BarTooltip } from './BarTooltip';
import { LiveSampleTooltip } from './LiveSampleTooltip';

const run = runFileOf(QUICK_RUN);
const rec = QUICK_RUN_RECOMMENDATIONS.balanced[0];
const figures = resultBars(run.results, new Map([['dd-write', 'dd write']]));
const ddSlot = (series: string) =>
  groupedBars(figures).slots.find((s) => s.group === 'dd-write' && s.series === series);

afterEach(cleanup);

function rows() {
  return screen.getAllByRole('row').map((r) => [...r.children].map((c) => c.textContent));
}

describe('BarTooltip (Results)', () => {
  it('lists the workload fastest first, each with mean ± σ and its ratio to the fastest', () => {
    const hovered = ddSlot('docker-engine/fuse/bind');
    render(
      <BarTooltip
        active
        payload={[{ payload: hovered }]}
        figures={figures}
        ratioWords={resultRatioWords(run, rec)}
        testId="results-chart"
      />,
    );
    const dd = run.results
      .filter((r) => r.workload.id === 'dd-write')
      .sort((a, b) => a.stats.mean - b.stats.mean);
    expect(screen.getByTestId('results-chart-tooltip').querySelector('.tooltip-title')?.textContent).toBe(
      'dd write · fastest first',
    );
    const table = rows();
    expect(table.map((r) => r[0])).toEqual(dd.map((r) => r.backend.label));
    expect(table.map((r) => r[1])).toEqual(dd.map((r) => formatMeanStddev(r.stats.mean, r.stats.stddev)));
    const words: Record<string, string> = {
      host: 'baseline (no container)',
      'docker-engine/native/bind': 'fastest',
      'docker-engine/native/tmpfs': '1.00 × as long: no measurable difference',
      'docker-engine/fuse/bind': '10.5 × as long',
    };
    expect(table.map((r) => r[2])).toEqual(dd.map((r) => words[r.backend.id]));
    expect(screen.getByRole('row', { name: /FUSE/ }).className).toBe('hovered');
  });

  it("gives the ranking's interval where it has one, as the verdict strip words it", () => {
    const withInterval = structuredClone(rec);
    const dd = withInterval.rankings.find((r) => r.workloadKey === 'dd-write')!;
    dd.entries.find((e) => e.backend.key === 'docker-engine/fuse/bind')!.interval = { low: 9, high: 12 };
    render(
      <BarTooltip
        active
        payload={[{ payload: ddSlot('docker-engine/native/bind') }]}
        figures={figures}
        ratioWords={resultRatioWords(run, withInterval)}
        testId="results-chart"
      />,
    );
    expect(rows().at(-1)?.[2]).toBe('10.5 × (9.00 … 12.0) as long');
  });

  it("says why a tie's interval that excludes 1 is no measurable difference: the machine's drift", () => {
    const words = resultRatioWords(run, withinDrift(rec, 1.6));
    expect(words('dd-write', 'docker-engine/fuse/bind')).toBe(
      "1.30 × (1.20 … 1.40) as long: no measurable difference, within the machine's drift between settings (1.60×)",
    );
  });

  it('shows nothing while no bar is hovered', () => {
    const { container } = render(<BarTooltip active={false} payload={[]} figures={figures} testId="x" />);
    expect(container.textContent).toBe('');
  });
});

describe('LiveSampleTooltip', () => {
  it('names the backend, the workload, the sample, the execution and the time', () => {
    const point = {
      x: 37,
      y: 0.0123,
      backend: 'bind mount · native',
      workload: 'dd write',
      warmup: false,
      sample: 3,
    };
    render(<LiveSampleTooltip active payload={[{ payload: point }, { payload: point }]} />);
    expect(screen.getByTestId('run-live-tooltip').textContent).toBe(
      'bind mount · nativedd writesample 3 · execution 3712.30 ms',
    );
  });

  it('says warm-up for a warm-up sample', () => {
    const point = { x: 2, y: 1, backend: 'host', workload: 'dd write', warmup: true, sample: 1 };
    render(<LiveSampleTooltip active payload={[{ payload: point }]} />);
    expect(screen.getByTestId('run-live-tooltip').textContent).toContain('warm-up 1 · execution 2');
  });
});
