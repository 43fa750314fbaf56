// What a product that is not installed here is detected as: nothing running, no setting, only
// the problems found while looking (a hostile settings file beside a missing binary, say).
import type { ProviderId } from '../../shared/ids';
import type { ProviderDetection } from './provider';

export function notInstalledDetection(id: ProviderId, label: string, problems: string[]): ProviderDetection {
  return {
    id,
    label,
    installed: false,
    version: null,
    running: false,
    currentVariant: null,
    currentSetting: null,
    settingsFile: null,
    engineName: null,
    problems,
  };
}
