// @vitest-environment jsdom
// The preset cards: Quick says, on its own card and before it is picked, that on a busy machine it
// often cannot tell close backends apart (its short samples are noisy), and says how fine it saw.
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
  it('warns beside Quick that it often cannot tell close backends apart on a busy machine, even when another is chosen', () => {
    picker('standard');
    const card = screen.getByTestId('preset-quick').closest('label');
    expect(card).not.toBeNull();
    const caveat = within(card!).getByTestId('preset-caveat-quick');
    expect(caveat.textContent).toMatch(/^On a busy machine Quick often cannot tell close backends apart/);
    // The cap it names is the preset's own.
    expect(caveat.textContent).toContain(`${PRESETS.quick.counts.maxRuns} of them`);
    expect(caveat.textContent).toContain('how fine a difference it could see');
  });

  it('gives that warning to Quick alone', () => {
    picker('quick');
    expect(screen.getAllByTestId(/^preset-caveat-/).map((e) => e.dataset.testid)).toEqual([
      'preset-caveat-quick',
    ]);
  });
});
