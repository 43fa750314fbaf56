// The three ways to run a benchmark from the dashboard. Quick and Standard race to a decided
// ranking (quick or published fixture sizes): a backend stops once it is decided slower, so the
// answer comes as soon as the figures allow, never below three samples, capped at `maxRuns`.
// Thorough keeps every backend going until the 95 % interval is within ±2 % of the mean (the
// core's adaptive stop): precise figures, not only a ranking.
import type { SizeName } from '../../../shared/ids';
import type { RunRequest } from '../../../shared/run-plan';

export const PRESET_IDS = ['quick', 'standard', 'thorough'] as const;
export type PresetId = (typeof PRESET_IDS)[number];

export type PresetCounts = Pick<RunRequest, 'size' | 'runs' | 'warmup' | 'adaptive' | 'maxRuns' | 'race'> & {
  size: SizeName;
};

export interface Preset {
  id: PresetId;
  label: string;
  summary: string;
  /**
   * What the preset often cannot do, said beside it before the user picks it. Quick's: measured on
   * a 2-core machine under other load (issue 22), its short samples left most close races at the
   * cap "not decided" (10 of 35 container-data races decided, no A/A twins called tied in 16).
   */
  caveat?: string;
  counts: PresetCounts;
}

export const PRESETS: Record<PresetId, Preset> = {
  quick: {
    id: 'quick',
    label: 'Quick',
    summary: 'small fixtures; each backend measured 3 to 20 times, stopping once the ranking is clear',
    caveat:
      'On a busy machine Quick often cannot tell close backends apart: small fixtures make short, noisy samples, and ' +
      '20 of them separate only large differences. It then says how fine a difference it could see; Standard sees finer ones.',
    counts: { size: 'quick', runs: 3, warmup: 1, race: true, maxRuns: 20 },
  },
  standard: {
    id: 'standard',
    label: 'Standard',
    summary:
      'the published figures’ sizes; each backend measured 3 to 30 times, stopping once the ranking is clear',
    counts: { size: 'default', runs: 3, warmup: 1, race: true, maxRuns: 30 },
  },
  thorough: {
    id: 'thorough',
    label: 'Thorough',
    summary:
      'the published figures’ sizes; each backend measured 10 to 50 times, until its mean is known to ±2 %',
    counts: { size: 'default', runs: 10, warmup: 2, adaptive: true, maxRuns: 50 },
  },
};

/** Minutes the "Answer within" field offers; null: no budget (the cap alone ends a race). */
export const BUDGET_MINUTES = [null, 5, 10, 20, 30, 60] as const;
export type BudgetMinutes = (typeof BUDGET_MINUTES)[number];
