// What choosing a backend costs besides time, as data the CLI and the dashboard both show. Mount
// trade-offs come first (they change how you work), then the file-sharing setting's.
import type { TradeOff } from '../../shared/recommendation';
import { formatTime as formatSeconds } from '../../shared/format-time';
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

function mountTradeOffs(setup: SetupKind, context: TradeOffContext): TradeOff[] {
  switch (setup.mount) {
    case 'volume':
      return [
        {
          id: 'volume-not-on-host',
          severity: 'warning',
          text:
            'Files in a named volume are not visible on the host: your editor and host tools cannot see them. ' +
            'Use it for dependencies (node_modules, vendor), build caches and databases, and keep the source on a bind mount.',
        },
      ];
    case 'tmpfs':
      return [
        {
          id: 'tmpfs-lost-on-stop',
          severity: 'warning',
          text: 'A tmpfs mount lives in memory: its files are lost when the container stops, and they use the VM’s memory.',
        },
      ];
    case 'layer':
      return [
        {
          id: 'layer-lost-with-container',
          severity: 'warning',
          text:
            'Files written to the container’s own filesystem are lost when the container is removed and are not visible ' +
            'on the host: only for files baked into the image or scratch data.',
        },
      ];
    case 'mutagen':
    case 'docker-sync': {
      const tool = setup.mount === 'mutagen' ? 'mutagen' : 'docker-sync';
      const lag =
        context.syncLatency != null
          ? `Measured sync-latency: ${formatSeconds(context.syncLatency)} per edit before the container sees it.`
          : 'sync-latency was not measured for this backend: run the sync-latency workload to see how long an edit takes to arrive.';
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
    case 'compose-watch': {
      const lag =
        context.syncLatency != null
          ? `Measured sync-latency: ${formatSeconds(context.syncLatency)} per edit before the container sees it.`
          : 'sync-latency was not measured for this backend: run the sync-latency workload to see how long an edit takes to arrive.';
      return [
        {
          id: 'one-way-copy',
          severity: 'warning',
          text:
            'Compose Watch copies one way only, host to container: what the container writes (generated files, ' +
            'lock files, build output) never comes back to the host, and a host edit overwrites the container’s copy.',
        },
        {
          id: 'needs-running-sync',
          severity: 'warning',
          text:
            '`docker compose watch` must be running: files edited while it is stopped reach the container only at its ' +
            'next start with `initial_sync: true` (Compose 2.39.4 or later) or a rebuild.',
        },
        {
          id: 'sync-lag',
          severity: 'caution',
          text: `Compose batches file events until 500 ms pass without one, then copies them with a tar stream. ${lag}`,
        },
        {
          id: 'two-copies',
          severity: 'info',
          text: 'The files exist twice (host and container): a deleted host file is deleted in the container, other container edits are lost on the next copy.',
        },
      ];
    }
    case 'nfs-volume':
      return [
        {
          id: 'nfs-attribute-cache',
          severity: 'caution',
          text:
            'NFS clients cache file attributes (3 to 60 s by default; acregmin, acdirmin…) and check a file only when it is ' +
            'opened (close-to-open): a host edit to a file the container keeps open, or a new file in a folder it just listed, ' +
            'can be seen late. Mount with `actimeo=0` or `noac` to see edits sooner, at the cost of more round trips.',
        },
        {
          id: 'no-file-events',
          severity: 'warning',
          text:
            'No inotify events cross NFS: a watcher in the container (hot reload, `webpack --watch`, nodemon) does not ' +
            'see host edits; it must poll.',
        },
        {
          id: 'nfs-server-setup',
          severity: 'info',
          text:
            'The host must run an NFS server exporting the folder (on a Mac: a line in /etc/exports, ' +
            '`nfs.server.mount.require_resv_port = 0` in /etc/nfs.conf, `sudo nfsd restart`): admin rights, and a system setting ' +
            'to keep in step with your projects.',
        },
      ];
    case 'sync-share':
      return [
        {
          id: 'paid-plan',
          severity: 'warning',
          text:
            'Synchronized file shares are a Docker Desktop feature of the Pro, Team and Business plans: the same ' +
            'project on another engine or a free plan falls back to a plain bind mount.',
        },
        {
          id: 'initial-sync',
          severity: 'caution',
          text:
            'Docker Desktop copies the whole folder into the VM before the share is ready: the first sync of a large ' +
            'tree takes minutes, and the share must exist before the container starts.',
        },
        {
          id: 'two-copies',
          severity: 'info',
          text: 'The files exist twice (host and the VM’s cache): double the disk space, and Docker Desktop settles conflicting edits.',
        },
      ];
    case 'host':
      return [
        {
          id: 'host-baseline',
          severity: 'info',
          text: 'The host baseline runs the workload without a container: a yardstick, not a Docker setup.',
        },
      ];
    case 'bind':
      return [];
  }
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
