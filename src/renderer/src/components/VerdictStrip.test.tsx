// @vitest-environment jsdom
// The verdict strip carries the dependency-folder answer of a project run as part of the verdict,
// in the same words as the CLI and the exports; a run without one says nothing about it.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunFile } from '../../../shared/result-schema';
import { sampleDependencySplit } from '../../../shared/test-support/dependency-split-sample';
import { withinDrift } from '../test-support/within-drift';
import { runFileOf } from '../test-support/fake-api';
import { QUICK_RUN_RECOMMENDATIONS } from '../test-support/recorded-api-data';
import { QUICK_RUN } from '../test-support/recorded-runs';
import { VerdictStrip } from './VerdictStrip';

const counts = { preset: null, results: [], race: undefined } as unknown as RunFile;

afterEach(cleanup);

describe('VerdictStrip and the dependency folder', () => {
  it('says where to keep the folder, with the ratio and its interval', () => {
    render(
      <VerdictStrip
        run={{
          ...counts,
          dependencySplit: [
            sampleDependencySplit({ speedup: { ratio: 3.1, low: 2.8, high: 3.4 }, verdict: 'faster' }),
          ],
        }}
        status="empty"
        recommendation={null}
        titles={new Map()}
      />,
    );
    expect(screen.getByTestId('verdict-dependency').textContent).toMatch(
      /^Your project: keep `node_modules` in a volume: 3\.10 × \(2\.80 … 3\.40\) faster here than all on /,
    );
  });

  it('has no such line for a run without the split', () => {
    render(<VerdictStrip run={counts} status="empty" recommendation={null} titles={new Map()} />);
    expect(screen.queryByTestId('verdict-dependency')).toBeNull();
  });

  it("names npm-install's workload instead of 'your project' for its node_modules split", () => {
    render(
      <VerdictStrip
        run={{ ...counts, dependencySplit: [sampleDependencySplit({ workloadKey: 'npm-install' })] }}
        status="empty"
        recommendation={null}
        titles={new Map([['npm-install', 'npm install']])}
      />,
    );
    expect(screen.getByTestId('verdict-dependency').textContent).toMatch(/^npm install: .*node_modules/);
  });

  it('names the fastest npm-install layout', () => {
    render(
      <VerdictStrip
        run={{
          ...counts,
          npmLayouts: {
            rows: [
              {
                layout: 'bind-volume',
                backendId: 'a',
                words: 'bind mount with node_modules in a volume · native',
                median: 3.2,
              },
              { layout: 'bind', backendId: 'b', words: 'plain bind mount · native', median: 7.7 },
            ],
            lead: { ratio: 2.4, low: 2.1, high: 2.7 },
            decided: true,
          },
        }}
        status="empty"
        recommendation={null}
        titles={new Map()}
      />,
    );
    expect(screen.getByTestId('verdict-layout').textContent).toBe(
      'npm install: fastest layout here is bind mount with node_modules in a volume · native (3.20 s median), 2.40 × (2.10 … 2.70) faster than plain bind mount · native',
    );
  });
});

describe('VerdictStrip and a difference within the drift between settings', () => {
  it("says beside each interval that excludes 1 that the machine drifted more, never 'not decided'", () => {
    render(
      <VerdictStrip
        run={runFileOf(QUICK_RUN)}
        status="ready"
        recommendation={withinDrift(QUICK_RUN_RECOMMENDATIONS['rails-php'][0], 1.6)}
        titles={new Map()}
      />,
    );
    const items = [...screen.getByTestId('verdict-intervals').querySelectorAll('li')];
    expect(items.length).toBeGreaterThan(0);
    for (const item of items)
      expect(item.textContent).toMatch(
        /: 1\.30 × \(1\.20 … 1\.40\) \(within the machine's drift between settings \(1\.60×\)\)$/,
      );
  });
});
