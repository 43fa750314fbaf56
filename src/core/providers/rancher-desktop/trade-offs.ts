// What Rancher Desktop's mount types cost besides time, on a bind mount (pure data).
import type { TradeOff } from '../../../shared/recommendation';
import type { SetupKind } from '../../vocab/setup-kind';

const BY_SHARING: Partial<Record<SetupKind['sharing'], TradeOff>> = {
  '9p': { id: 'rd-9p-qemu', severity: 'info', text: '9p needs the QEMU VM type.' },
  virtiofs: {
    id: 'rd-virtiofs-vz',
    severity: 'info',
    text: 'virtiofs needs the VZ VM type (macOS 13.3+ on Apple silicon, 13.0+ on Intel).',
  },
};

export function rancherDesktopTradeOffs(setup: SetupKind): TradeOff[] {
  const tradeOff = BY_SHARING[setup.sharing];
  return tradeOff ? [tradeOff] : [];
}
