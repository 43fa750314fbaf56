// Docker Desktop's release as its engine names it in `/version` (Platform.Name): read by discovery
// from the product's facts, so it stays apart from the driver's I/O in product.ts.

/** "Docker Desktop 4.37.1 (178610)" → "4.37.1". */
export function versionFromPlatformName(name: string): string | null {
  const m = /Docker Desktop\s+(\d+(?:\.\d+)+)/.exec(name);
  return m ? m[1] : null;
}
