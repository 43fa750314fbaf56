// What choosing a backend costs besides time, as data the CLI and the dashboard both show. Mount
// trade-offs come first (they change how you work), then the file-sharing setting's.
import type { TradeOff } from '../../shared/recommendation';
import { formatTime as formatSeconds } from '../../shared/format-time';
import { MOUNT_FACTS } from '../../shared/mounts';
import { factsFor } from '../products/catalog';
import type { SetupKind } from '../vocab/setup-kind';

export interface TradeOffContext {
  /** This backend's measured sync-latency, seconds per edit; null when not measured. */
  syncLatency?: number | null;
  /**
   * What its serving processes on the host spent (ComparisonRow.hostCpu): the mean CPU seconds a
   * sample over the workloads where it was read, and the mean time of those samples.
   */
  hostCpu?: { cpuSeconds: number; sampleSeconds: number; workloads: number } | null;
}

/** A share whose daemon or VM works on the host costs CPU the container's clock never shows. */
function hostCostTradeOffs(context: TradeOffContext): TradeOff[] {
  const cost = context.hostCpu;
  if (!cost || cost.workloads === 0) return [];
  const share =
    cost.sampleSeconds > 0
      ? ` (${Math.round((cost.cpuSeconds / cost.sampleSeconds) * 100)} % of a core while it worked)`
      : '';
  return [
    {
      id: 'host-cpu',
      severity: 'info',
      text:
        `Serving it kept the host busy: ${formatSeconds(cost.cpuSeconds)} of host CPU a sample on average, beside ` +
        `${formatSeconds(cost.sampleSeconds)} of the container's time${share}, over ${cost.workloads} ` +
        `workload${cost.workloads === 1 ? '' : 's'}; on a laptop that is battery and heat.`,
    },
  ];
}

/** How the mount changes the way you work (its facts, shared/mounts/). */
function mountTradeOffs(setup: SetupKind, context: TradeOffContext): TradeOff[] {
  return MOUNT_FACTS[setup.mount].tradeOffs(context);
}

function bindFlagTradeOffs(setup: SetupKind): TradeOff[] {
  if (setup.mount !== 'bind' || setup.bindFlag === null) return [];
  if (setup.sharing !== 'osxfs') {
    return [
      {
        id: 'bind-flag-ignored',
        severity: 'caution',
        text: `:${setup.bindFlag} only means something on osxfs; with ${setup.sharing === 'unknown' ? 'this file sharing' : setup.sharing} it is ignored, so this is a plain bind mount.`,
      },
    ];
  }
  const meaning: Record<typeof setup.bindFlag, string> = {
    consistent: 'host and container always agree (the default, and the slowest on osxfs)',
    cached: 'the host’s view is authoritative: the container may see host edits late',
    delegated:
      'the container’s view is authoritative: the host may see container writes late, and loses them if the container dies',
  };
  return [
    {
      id: `bind-${setup.bindFlag}`,
      severity: 'caution',
      text: `:${setup.bindFlag} on osxfs: ${meaning[setup.bindFlag]}.`,
    },
  ];
}

function sharingTradeOffs(setup: SetupKind): TradeOff[] {
  // The file-sharing setting changes bind mounts and the sync tools' host side, not volumes.
  if (setup.mount !== 'bind') return [];
  // Each product words its own settings' costs (providers/<id>/module.ts).
  return factsFor(setup.provider)?.advice.tradeOffs(setup) ?? [];
}

export function tradeOffs(setup: SetupKind, context: TradeOffContext = {}): TradeOff[] {
  return [
    ...mountTradeOffs(setup, context),
    ...bindFlagTradeOffs(setup),
    ...sharingTradeOffs(setup),
    ...hostCostTradeOffs(context),
  ];
}
