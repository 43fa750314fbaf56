// What the recommendation says about the plain Docker Engine: its bind mounts are native, and its
// `fuse` variant is Mountbench's stand-in for a slower file share, not a setup to choose (pure data).
import type { SetupAction, TradeOff } from '../../shared/recommendation';
import type { ProductAdvice } from '../providers/product-facts';

export const dockerEngineAdvice: ProductAdvice = {
  action(setup): SetupAction {
    return setup.sharing === 'fuse'
      ? {
          kind: 'manual',
          summary: 'Nothing to apply: the FUSE variant is Mountbench’s stand-in for a slower file share.',
          steps: [],
          apply: null,
        }
      : {
          kind: 'none',
          summary: 'Nothing to change: bind mounts on a Linux engine are native.',
          steps: [],
          apply: null,
        };
  },
  tradeOffs(setup): TradeOff[] {
    return setup.sharing === 'fuse'
      ? [
          {
            id: 'engine-fuse',
            severity: 'info',
            text: 'A FUSE passthrough (bindfs): how Mountbench imitates a slower file share on Linux, not a setup to choose.',
          },
        ]
      : [
          {
            id: 'engine-native',
            severity: 'info',
            text: 'A plain bind mount on Linux: the host’s own filesystem, nothing in between.',
          },
        ];
  },
};
