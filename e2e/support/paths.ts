// Where things are: the repository, what the flows write (artefacts, screenshots, reports).
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(__dirname, '..', '..');
/** Playwright's output folder: per-test attachments, screenshots, traces of failed tests. */
export const E2E_OUTPUT_DIR = join(REPO_ROOT, 'test-results', 'e2e');
/** Every flow's key screens under stable names, `<project>/<flow>-<screen>.png`, for the guides. */
export const SCREENS_DIR = join(REPO_ROOT, 'test-results', 'e2e-screens');
/** The JSON report scripts/test-summary.mjs reads. */
export const PLAYWRIGHT_REPORT = join(REPO_ROOT, 'test-results', 'playwright.json');
