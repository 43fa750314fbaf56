// Dotted release numbers compared as numbers, for product and macOS versions alike.

/** Compares dotted versions numerically ("4.10" > "4.9"); missing parts count as 0. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.+-]/).map((p) => Number.parseInt(p, 10) || 0);
  const pb = b.split(/[.+-]/).map((p) => Number.parseInt(p, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

export function versionAtLeast(version: string | null, minimum: string): boolean {
  return version !== null && compareVersions(version, minimum) >= 0;
}
