// What choosing a colima VM costs besides time, on a bind mount (pure data).
import type { TradeOff } from '../../../shared/recommendation';
import type { SetupKind } from '../../vocab/setup-kind';

export function colimaTradeOffs(_setup: SetupKind): TradeOff[] {
  return [
    {
      id: 'colima-fixed-at-creation',
      severity: 'caution',
      text: 'colima fixes the VM type and mount type when the VM is created: switching means a new profile, or deleting the VM with its containers and images.',
    },
  ];
}
