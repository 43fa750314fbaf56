// What the recommendation says about OrbStack: it has no file-sharing setting, so nothing to apply
// and one note that it was measured as it is (pure data).
import type { SetupAction, TradeOff } from '../../../shared/recommendation';
import type { ProductAdvice } from '../product-facts';

export const orbstackAdvice: ProductAdvice = {
  action(): SetupAction {
    return {
      kind: 'none',
      summary: 'Nothing to change: OrbStack has no file-sharing setting.',
      steps: [],
      apply: null,
    };
  },
  tradeOffs(): TradeOff[] {
    return [
      {
        id: 'orbstack-fixed',
        severity: 'info',
        text: 'OrbStack has no file-sharing setting to choose: it was measured as it is.',
      },
    ];
  },
};
