// /etc/os-release is a shell-compatible KEY=value file (see os-release(5)): values may be quoted
// with " or ', and inside double quotes \ escapes $ " \ and `.

export function parseOsRelease(text: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (!m) continue;
    let value = m[2].trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
      value = value.slice(1, -1).replace(/\\([$"\\`])/g, '$1');
    } else if (value.length >= 2 && value.startsWith("'") && value.endsWith("'")) {
      value = value.slice(1, -1);
    }
    fields[m[1]] = value;
  }
  return fields;
}

/** `PRETTY_NAME` and `VERSION_ID`, falling back to `NAME` (rolling releases have no version id). */
export function osFromOsRelease(text: string): { name: string; version: string } | null {
  const f = parseOsRelease(text);
  const name = f.PRETTY_NAME || f.NAME;
  if (!name) return null;
  return { name, version: f.VERSION_ID ?? '' };
}
