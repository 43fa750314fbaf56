// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from './App';
import { createFakeApi } from './test-support/fake-api';
import { QUICK_RUN } from './test-support/recorded-runs';
import { renderWith } from './test-support/render';

describe('App', () => {
  it('has the views as a real tablist that the keyboard can walk', async () => {
    const { user } = renderWith(<App />);
    const setup = screen.getByRole('tab', { name: 'Setup' });
    expect(setup.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(setup.id);
    setup.focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.getAttribute('data-testid')).toBe('tab-run');
    expect(screen.getByTestId('panel-run')).toBeTruthy();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Team' }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Setup' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getAllByRole('tab').filter((t) => t.tabIndex === 0)).toHaveLength(1);
  });

  it('rejoins a run in progress after a reload and follows it', async () => {
    const api = createFakeApi();
    api.active = [QUICK_RUN[0].runId];
    renderWith(<App />, api);
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: /Run/ }).getAttribute('aria-selected')).toBe('true'),
    );
    // The tab is selected at once; the view it opens renders as a deferred update just after. A
    // hang guard, not a timing check: at load 17 that took past findBy's default second.
    await screen.findByTestId('panel-run', {}, { timeout: 15_000 });
    act(() => api.emit(QUICK_RUN.slice(50, 60)));
    expect(screen.getByTestId('run-progress').textContent).toBe('');
    expect(screen.getByText(/Rejoined a run in progress/)).toBeTruthy();
    act(() => api.emit(QUICK_RUN.slice(60)));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Results' }).getAttribute('aria-selected')).toBe('true'),
    );
  });

  it('shows failures in a banner that can be dismissed', async () => {
    const api = createFakeApi();
    api.workloads.list = async () => {
      throw new Error("Error invoking remote method 'workloads:list': Error: the core is not ready");
    };
    const { user } = renderWith(<App />, api);
    const banner = await screen.findByTestId('error-banner');
    expect(banner.textContent).toContain(
      'Could not read this machine and its engines: the core is not ready',
    );
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('error-banner')).toBeNull();
  });
});
