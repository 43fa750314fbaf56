// The closed vocabularies (docs/architecture.md, "The API contract"). Every layer imports these lists instead of
// repeating string literals, so a new workload or mount is added in exactly one place.

export const WORKLOAD_IDS = [
  'small-file-read',
  'dd-write',
  'large-write',
  'buffered-read',
  'site-build',
  'metadata-walk',
  'sync-latency',
  'page-reload',
  'parallel-read',
  'git-status',
  'code-search',
  'npm-install',
  'random-io',
  'custom',
] as const;
export type WorkloadId = (typeof WORKLOAD_IDS)[number];

/**
 * Programs a workload may need beyond the bench image's BusyBox. A workload that names any runs in
 * containers made from the tools image (runner/tools-image.ts); on the host it uses the host's own.
 */
export const TOOL_NAMES = ['git', 'node', 'npm', 'fio', 'php'] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

/**
 * What a run measures when no workload is named: the workloads of the published write-ups. The
 * working-day ones (git status, npm install, a page reload…) lay large fixtures and need the tools
 * image, so they come with a kind of project (shared/project-kinds.ts) or by name, never by default.
 */
export const DEFAULT_WORKLOAD_IDS: readonly WorkloadId[] = [
  'small-file-read',
  'dd-write',
  'large-write',
  'buffered-read',
  'site-build',
  'metadata-walk',
  'sync-latency',
];

/** How the workload's files reach the container; `host` runs the same workload with no container. */
export const MOUNT_KINDS = [
  'bind',
  'volume',
  'tmpfs',
  'layer',
  'host',
  'mutagen',
  'docker-sync',
  'compose-watch',
  'nfs-volume',
  'sync-share',
] as const;
export type MountKind = (typeof MOUNT_KINDS)[number];

/**
 * Mounts a sync tool keeps in step: a named volume filled from a host folder by the tool.
 * `compose-watch` (Compose Watch's `sync` action) copies one way only, host to container.
 */
export const SYNC_MOUNT_KINDS = ['mutagen', 'docker-sync', 'compose-watch'] as const;
export type SyncMountKind = (typeof SYNC_MOUNT_KINDS)[number];

/** What a run measures when no mount is named: every mount that needs no extra tool. */
export const DEFAULT_MOUNTS: readonly MountKind[] = ['bind', 'volume', 'tmpfs', 'layer', 'host'];

export function isSyncMount(mount: MountKind): mount is SyncMountKind {
  return (SYNC_MOUNT_KINDS as readonly string[]).includes(mount);
}

/**
 * Mounts whose copy the runner waits for apart from the samples: the sync tools, and Docker
 * Desktop's synchronized file shares (a copy kept by Docker Desktop, not by a tool on PATH).
 */
export const SYNCED_MOUNT_KINDS = [...SYNC_MOUNT_KINDS, 'sync-share'] as const;
export type SyncedMountKind = (typeof SYNCED_MOUNT_KINDS)[number];

/** Sync mounts that never carry the container's writes back to the host. */
export const ONE_WAY_SYNC_MOUNTS: readonly SyncMountKind[] = ['compose-watch'];

export const PROVIDER_IDS = [
  'docker-engine',
  'docker-desktop',
  'rancher-desktop',
  'colima',
  'orbstack',
  'lima',
  'podman',
] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

/** `default` is the size the published benchmarks used; `quick` is for tests and a first look. */
export const SIZES = ['quick', 'default'] as const;
export type SizeName = (typeof SIZES)[number];

/** Every container, volume and fixture Mountbench creates carries this label or name prefix. */
export const MOUNTBENCH_LABEL = 'mountbench';
export const MOUNTBENCH_LABEL_VALUE = '1';
export const MOUNTBENCH_NAME_PREFIX = 'mountbench-';

export function isOneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

/**
 * The workloads that run in the tools image (their definitions say `needsTools`; a registry test
 * keeps this list equal to them). The renderer and the continuation need it without the core.
 */
export const TOOLS_WORKLOAD_IDS: readonly WorkloadId[] = [
  'git-status',
  'code-search',
  'npm-install',
  'random-io',
];
