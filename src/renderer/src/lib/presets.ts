// The three ways to run a benchmark from the dashboard. Quick is a first look (small fixtures, few
// runs); Standard is what the published figures used; Thorough keeps going until the 95 % interval
// is within ±2 % of the mean (the core's adaptive stop), capped at `maxRuns`.
import type { SizeName } from '../../../shared/ids';
import type { RunRequest } from '../../../shared/run-plan';

export const PRESET_IDS = ['quick', 'standard', 'thorough'] as const;
export type PresetId = (typeof PRESET_IDS)[number];

export type PresetCounts = Pick<RunRequest, 'size' | 'runs' | 'warmup' | 'adaptive' | 'maxRuns'> & {
  size: SizeName;
};

export interface Preset {
  id: PresetId;
  label: string;
  summary: string;
  counts: PresetCounts;
}

export const PRESETS: Record<PresetId, Preset> = {
  quick: {
    id: 'quick',
    label: 'Quick',
    summary: 'quick size, 3 runs: a first look in a few minutes',
    counts: { size: 'quick', runs: 3, warmup: 1 },
  },
  standard: {
    id: 'standard',
    label: 'Standard',
    summary: 'default size (as the published figures), 10 runs',
    counts: { size: 'default', runs: 10, warmup: 1 },
  },
  thorough: {
    id: 'thorough',
    label: 'Thorough',
    summary: 'default size, at least 10 runs and up to 50, until the mean is known to ±2 %',
    counts: { size: 'default', runs: 10, warmup: 2, adaptive: true, maxRuns: 50 },
  },
};
