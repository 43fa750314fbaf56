// One colour per backend everywhere: the live chart, Results, Compare and the share cards all ask
// here, by the backend's key, so a backend keeps its colour from one view (and one run) to the
// next instead of taking whichever slot its position in a chart gave it. The host baseline is grey
// (the caller says so); known settings have fixed slots, told apart where they meet (a sweep's
// bind variants, a run's mounts); anything else gets a slot from its key.

/** Slots of the 8-colour Okabe–Ito palette (use-chart-colors.ts) for the settings people compare. */
const KNOWN: readonly [RegExp, number][] = [
  [/virtiofs|native/, 0],
  // Vermillion, not the sky blue: VirtioFS and gRPC FUSE are the pair most often side by side.
  [/grpc|fuse/, 5],
  [/osxfs|legacy/, 4],
  [/vmm|libkrun/, 7],
  [/9p|sshfs|reverse-sshfs/, 3],
];

const MOUNT_SLOTS: Record<string, number> = {
  volume: 1,
  tmpfs: 2,
  layer: 6,
  mutagen: 3,
  'docker-sync': 4,
  'compose-watch': 5,
  'synchronized-file-shares': 7,
};

function hashSlot(key: string, slots: number): number {
  // FNV-1a: stable across sessions and machines, unlike an order.
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % slots;
}

/**
 * The palette slot of a backend from its key (`provider/variant/mount` measured, or
 * `engine/fileSharing/mount` published): by mount, then for bind mounts by the sharing setting.
 */
export function backendSlot(key: string, slots = 8): number {
  const parts = key.toLowerCase().split('/');
  const mount = parts.at(-1) ?? '';
  if (mount in MOUNT_SLOTS) return MOUNT_SLOTS[mount] % slots;
  const setting = parts.slice(0, -1).join('/');
  if (mount === 'bind' || mount.startsWith('bind')) {
    for (const [pattern, slot] of KNOWN) if (pattern.test(setting)) return slot % slots;
  }
  return hashSlot(key.toLowerCase(), slots);
}

/** The colour of a backend, the baseline grey. */
export function backendColor(
  colors: { series: readonly string[]; baseline: string },
  key: string,
  isBaseline: boolean,
): string {
  return isBaseline ? colors.baseline : colors.series[backendSlot(key, colors.series.length)];
}
