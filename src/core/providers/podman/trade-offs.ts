// What choosing a Podman machine costs besides time, on a bind mount (pure data).
import type { TradeOff } from '../../../shared/recommendation';
import type { SetupKind } from '../../vocab/setup-kind';

export function podmanTradeOffs(_setup: SetupKind): TradeOff[] {
  return [
    {
      id: 'podman-whole-engine',
      severity: 'caution',
      text: 'Podman is a whole engine to switch to: its own images, containers and volumes, a Docker-compatible API that is not Docker (Compose and tools that call Docker-only endpoints may differ).',
    },
    {
      id: 'podman-fixed-at-init',
      severity: 'caution',
      text: 'A Podman machine’s provider and shared folders are fixed when it is created (podman machine init -v): switching means a new machine, and only one machine runs at a time.',
    },
  ];
}
