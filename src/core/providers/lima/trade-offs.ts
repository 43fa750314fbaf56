// What choosing Lima used directly costs besides time, on a bind mount (pure data).
import type { TradeOff } from '../../../shared/recommendation';
import type { SetupKind } from '../../vocab/setup-kind';

export function limaTradeOffs(setup: SetupKind): TradeOff[] {
  const offs: TradeOff[] = [
    {
      id: 'lima-whole-engine',
      severity: 'caution',
      text: 'Lima is a whole engine to switch to: its own VM, images, containers and volumes, a Docker context of its own, and no GUI; the VM type is fixed when the instance is created.',
    },
    {
      id: 'lima-home-read-only',
      severity: 'info',
      text: 'Lima mounts your home read-only unless the mount says writable: true (limactl edit --mount-writable): containers cannot write to a bind mount otherwise.',
    },
  ];
  if (setup.sharing === 'sshfs') {
    offs.push({
      id: 'lima-reverse-sshfs',
      severity: 'info',
      text: 'reverse-sshfs runs through the instance’s SSH connection: no inotify events from host edits unless mountInotify is on.',
    });
  }
  return offs;
}
