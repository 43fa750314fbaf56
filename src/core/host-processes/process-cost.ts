// What a host process has spent, read at one moment (Linux's /proc or a Mac's ps).

export interface ProcessCost {
  /** User + system CPU seconds since the process started, all its threads. */
  cpuSeconds: number;
  rssBytes: number;
}
