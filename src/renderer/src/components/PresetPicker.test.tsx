// @vitest-environment jsdom
// The preset cards: Quick says, on its own card and before it is picked, that on a busy machine it
// will often end undecided (issue 22: its short samples left most close races "not decided").
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PRESETS } from '../lib/presets';
import { PresetPicker } from './PresetPicker';

function picker(value: 'quick' | 'standard' | 'thorough') {
  return render(
    <PresetPicker value={value} onChange={() => {}} budget={null} onBudget={() => {}} times={null} />,
  );
}

afterEach(cleanup);

describe('PresetPicker', () => {
  it('warns beside Quick that it will often end undecided on a busy machine, even when another is chosen', () => {
    picker('standard');
    const card = screen.getByTestId('preset-quick').closest('label');
    expect(card).not.toBeNull();
    const caveat = within(card!).getByTestId('preset-caveat-quick');
    expect(caveat.textContent).toMatch(/^On a busy machine Quick will often end undecided/);
    // The cap it names is the preset's own.
    expect(caveat.textContent).toContain(`${PRESETS.quick.counts.maxRuns} of them`);
    expect(caveat.textContent).toContain('not decided yet');
  });

  it('gives that warning to Quick alone', () => {
    picker('quick');
    expect(screen.getAllByTestId(/^preset-caveat-/).map((e) => e.dataset.testid)).toEqual([
      'preset-caveat-quick',
    ]);
  });
});
