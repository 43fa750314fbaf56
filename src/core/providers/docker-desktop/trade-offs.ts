// What Docker Desktop's file-sharing settings cost besides time, on a bind mount (pure data).
import type { TradeOff } from '../../../shared/recommendation';
import type { SetupKind } from '../../vocab/setup-kind';

const BY_SHARING: Partial<Record<SetupKind['sharing'], TradeOff>> = {
  virtiofs: {
    id: 'dd-virtiofs',
    severity: 'info',
    text: 'VirtioFS needs the Apple Virtualization framework and macOS 12.5 or later.',
  },
  grpcfuse: {
    id: 'dd-grpcfuse',
    severity: 'info',
    text: 'gRPC FUSE serves files through a user-space daemon; it works with every VM type.',
  },
  osxfs: {
    id: 'dd-osxfs',
    severity: 'caution',
    text: 'osxfs is Docker Desktop’s legacy file sharing: kept for compatibility, not developed further.',
  },
  'docker-vmm': {
    id: 'dd-vmm-beta',
    severity: 'warning',
    text: 'Docker VMM is beta (Apple silicon, Docker Desktop 4.35+): expect rough edges, and keep a way back to the Apple Virtualization framework.',
  },
};

export function dockerDesktopTradeOffs(setup: SetupKind): TradeOff[] {
  const tradeOff = BY_SHARING[setup.sharing];
  return tradeOff ? [tradeOff] : [];
}
