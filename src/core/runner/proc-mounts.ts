// The filesystem a path is on, from a /proc/mounts listing: the longest mount point that is a
// prefix of the path wins, as the kernel resolves it.

function unescapeMountField(field: string): string {
  // /proc/mounts writes space, tab, newline and backslash as octal escapes.
  return field.replace(/\\([0-7]{3})/g, (_, oct: string) => String.fromCharCode(parseInt(oct, 8)));
}

export function fsTypeForPath(procMounts: string, path: string): string | null {
  let best: { point: string; type: string } | null = null;
  for (const line of procMounts.split('\n')) {
    const fields = line.trim().split(/\s+/);
    if (fields.length < 3) continue;
    const point = unescapeMountField(fields[1]);
    const type = fields[2];
    const inside =
      point === '/' || path === point || path.startsWith(point.endsWith('/') ? point : `${point}/`);
    // Later lines win on an equal mount point: they are mounted on top.
    if (inside && (!best || point.length >= best.point.length)) best = { point, type };
  }
  return best?.type ?? null;
}

/** macOS `mount` prints `/dev/disk3s5 on /System/Volumes/Data (apfs, local, journaled)`. */
export function fsTypeFromDarwinMount(mountOutput: string, path: string): string | null {
  let best: { point: string; type: string } | null = null;
  for (const line of mountOutput.split('\n')) {
    const m = /^.+? on (.+) \(([^,)]+)/.exec(line);
    if (!m) continue;
    const [, point, type] = m;
    const inside = point === '/' || path === point || path.startsWith(`${point}/`);
    if (inside && (!best || point.length >= best.point.length)) best = { point, type };
  }
  return best?.type ?? null;
}
