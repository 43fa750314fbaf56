// Numbers as the size words of a workload say them ("20,000 files × 5 KiB"): one formatter for
// the core, which describes each workload, and the dashboard, which shows machine memory.

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(bytes >= 10 * 1024 ** 3 ? 0 : 1)} GiB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(bytes >= 10 * 1024 ** 2 ? 0 : 1)} MiB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KiB`;
  return `${bytes} B`;
}

/** "20,000". */
export function countWords(n: number): string {
  return n.toLocaleString('en-US');
}

/** Decimal megabytes where a workload is defined in them (1,000,000-byte blocks, "500 MB"). */
export function megabytes(n: number): string {
  return `${n >= 1e8 ? Math.round(n / 1e6) : Number((n / 1e6).toPrecision(2))} MB`;
}
