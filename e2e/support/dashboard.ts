// What a user does on the dashboard, as steps the flows share. Every wait is on a data-testid and a
// state (data-state, aria-valuenow, a status word), never on a fixed sleep.
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * How long a quick run may take on a busy 2-core machine (the flows run beside the integration and
 * VM suites); a hang guard, not an assertion on time.
 */
export const RUN_TIMEOUT_MS = 600_000;

export const CONTAINER_MOUNTS = ['bind', 'volume', 'tmpfs', 'layer'] as const;
/** Offered only when the tool is on the dashboard's PATH; disabled (and left unchecked) otherwise. */
export const SYNC_MOUNTS = ['mutagen', 'docker-sync', 'compose-watch'] as const;
export const ALL_MOUNTS = [...CONTAINER_MOUNTS, 'host', ...SYNC_MOUNTS] as const;
export type Mount = (typeof ALL_MOUNTS)[number];

export const tid = (page: Page, id: string): Locator => page.getByTestId(id);

/** Setup has read the machine, its engines and the workloads. */
export async function waitForSetup(page: Page): Promise<void> {
  await expect(tid(page, 'panel-setup')).toBeVisible();
  await expect(tid(page, 'machine-card')).toBeVisible();
  await expect(tid(page, 'engines-card')).toBeVisible();
}

export async function showTab(page: Page, tab: 'setup' | 'run' | 'results' | 'compare' | 'history' | 'team') {
  await tid(page, `tab-${tab}`).click();
  await expect(tid(page, `panel-${tab}`)).toBeVisible();
}

export interface RunChoice {
  preset: 'quick' | 'standard' | 'thorough';
  workloads: string[];
  mounts: Mount[];
}

/** Ticks exactly these workloads and mounts (the plain engine's bind served natively only). */
export async function choose(page: Page, choice: RunChoice): Promise<void> {
  await tid(page, `preset-${choice.preset}`).check();
  const boxes = page.locator('[data-testid^="workload-checkbox-"]');
  await expect(boxes.first()).toBeVisible();
  for (const box of await boxes.all()) {
    const id = ((await box.getAttribute('data-testid')) ?? '').replace('workload-checkbox-', '');
    await box.setChecked(choice.workloads.includes(id));
  }
  for (const mount of ALL_MOUNTS) {
    await tid(page, `mount-checkbox-${mount}`).setChecked(choice.mounts.includes(mount));
  }
  const fuse = tid(page, 'variant-checkbox-fuse');
  if (await fuse.count()) await fuse.setChecked(false);
  const native = tid(page, 'variant-checkbox-native');
  if (await native.count()) await native.setChecked(true);
}

/**
 * Presses "Benchmark my setup" and waits for the Run view to follow the run. A very short run (the
 * host baseline alone on a fast machine) may already have ended and opened Results by then.
 */
export async function startRun(page: Page): Promise<void> {
  await expect(tid(page, 'setup-benchmark-button')).toBeEnabled();
  await tid(page, 'setup-benchmark-button').click();
  await expect(tid(page, 'run-status').or(tid(page, 'panel-results'))).toBeVisible();
}

/** The share of planned executions done, as the progress bar says it (null before the plan). */
export async function progressPercent(page: Page): Promise<number | null> {
  const now = await tid(page, 'run-progress').getAttribute('aria-valuenow');
  return now === null ? null : Number(now);
}

/**
 * Waits for the run to end, whatever the ending, and returns its status word. A run with results
 * opens the Results view by itself at its answer; one without stays on the Run view to say why.
 * The answer comes before the clean-up: this waits for the clean-up too (the job's end), so what a
 * flow checks next (backends' final states, nothing left on the engine) is settled.
 */
export async function waitForRunEnd(page: Page): Promise<string> {
  await expect(tid(page, 'run-finished').or(tid(page, 'panel-results'))).toBeVisible({
    timeout: RUN_TIMEOUT_MS,
  });
  // Back to the Run view for the status word. A run started from Results may still be going when
  // that older Results was seen: its answer then opens Results again, and this goes back once more.
  await expect(async () => {
    if (!(await tid(page, 'panel-run').isVisible())) await showTab(page, 'run');
    await expect(tid(page, 'run-finished')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: RUN_TIMEOUT_MS });
  await expect(tid(page, 'run-cleaning-up')).toHaveCount(0, { timeout: RUN_TIMEOUT_MS });
  return ((await tid(page, 'run-status').textContent()) ?? '').trim();
}

/**
 * A sweep's end. A completed sweep opens Results by itself, as a run's answer does, which takes the
 * Run view (and the sweep's panel) off the screen: this waits for either, then goes back to the Run
 * view, where the panel says how the sweep ended and what was put back. Returns the status word.
 */
export async function waitForSweepEnd(page: Page): Promise<string> {
  const ended = tid(page, 'sweep-status').filter({ hasText: /^(completed|failed|cancelled)$/ });
  await expect(ended.or(tid(page, 'panel-results')).first()).toBeVisible({ timeout: 2 * RUN_TIMEOUT_MS });
  if (!(await tid(page, 'panel-run').isVisible())) await showTab(page, 'run');
  await expect(ended).toBeVisible();
  return ((await ended.textContent()) ?? '').trim();
}

/** The run id the Results view shows (its run picker's value). */
export async function shownRunId(page: Page): Promise<string> {
  await expect(tid(page, 'results-view')).toBeVisible();
  const id = await tid(page, 'results-run-select').inputValue();
  expect(id).toMatch(/^[\w-]+$/);
  return id;
}

/** The recommendation for the chosen profile, once the core has ranked the backends. */
export async function waitForRecommendation(page: Page): Promise<void> {
  await expect(tid(page, 'recommendation-card')).toBeVisible();
  await expect(tid(page, 'recommendation-verdict').or(tid(page, 'recommendation-error'))).toBeVisible();
  await expect(tid(page, 'recommendation-error')).toHaveCount(0);
}
