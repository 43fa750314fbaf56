// What one mount kind is, in facts every side reads alike (the core's planner, runner and advice,
// the dashboard, the CLI): one file per kind in this folder, gathered in index.ts. A new kind is a
// new file here and its id in shared/ids.ts; the switches that each knew every kind are gone.

import { formatTime } from '../format-time';
import type { SetupAction, TradeOff } from '../recommendation';
import type { Role } from '../roles';

export type MountNeed = 'sync-tool' | 'nfs-export' | 'file-shares-api';

/** What a mount's action is written for. */
export interface MountActionContext {
  /** The project's folder in the container: "/app". */
  app: string;
  /** docker-sync's strategy where the backend names one (native_osx, unison…); null: its default here. */
  syncStrategy?: string | null;
}

/** What the trade-offs of a mount may say of a measured backend. */
export interface MountTradeOffContext {
  /** This backend's measured sync-latency, seconds per edit; null when not measured. */
  syncLatency?: number | null;
}

export interface MountFacts {
  /** "NFS volume": the mount in every table, label and sentence. */
  label: string;
  /** What it is, beside its checkbox in Setup. */
  detail: string;
  /** The role it can serve; null for the host baseline, a yardstick in no role. */
  role: Role | null;
  /**
   * What it asks of the user, 0 (a bind mount: nothing) to 4 (no container at all): between
   * backends within the noise of each other, the one that asks least is recommended.
   */
  setupCost: number;
  /**
   * What it needs besides the engine, which only the core can say is there (Setup does not offer
   * it unasked): its sync tool on the PATH, a folder the host exports over NFS, Docker Desktop's
   * file-shares API (a paid plan). Null: the engine is enough.
   */
  needs: MountNeed | null;
  /**
   * Its files live on the host and reach the container through the engine's file sharing (a bind
   * mount, an NFS volume): dropping the VM's page cache leaves the host's, which still serves them.
   */
  filesOnTheHost: boolean;
  /**
   * What choosing it costs besides time, as the CLI and the dashboard both show it: how you work
   * with it (recommend/trade-offs.ts puts the file-sharing setting's after these).
   */
  tradeOffs(context: MountTradeOffContext): TradeOff[];
  /**
   * How to set it up in a project (a compose snippet, a Dockerfile line, a sync tool's commands),
   * written for the project's folder in the container. Absent for the bind mount, whose action is the
   * file-sharing setting's, and where there is nothing to set up.
   */
  action?(context: MountActionContext): SetupAction;
}

/** How long an edit took to reach the container, where it was measured, in a sentence. */
export function syncLagWords(context: MountTradeOffContext): string {
  return context.syncLatency != null
    ? `Measured sync-latency: ${formatTime(context.syncLatency)} per edit before the container sees it.`
    : 'sync-latency was not measured for this backend: run the sync-latency workload to see how long an edit takes to arrive.';
}
