// What a sync tool that keeps a named volume in step (mutagen, docker-sync) costs besides time.
import type { TradeOff } from '../recommendation';
import { syncLagWords, type MountTradeOffContext } from './mount-facts';

export function syncToolTradeOffs(tool: string, context: MountTradeOffContext): TradeOff[] {
  const lag = syncLagWords(context);
  return [
    {
      id: 'needs-running-sync',
      severity: 'warning',
      text: `${tool} needs a running sync: start it before work, and files edited while it is stopped do not reach the container.`,
    },
    {
      id: 'sync-lag',
      severity: 'caution',
      text: `Edits reach the container after a sync cycle, not at once. ${lag}`,
    },
    {
      id: 'two-copies',
      severity: 'info',
      text: 'The files exist twice (host and volume): double the disk space, and conflicting edits need resolving.',
    },
  ];
}
