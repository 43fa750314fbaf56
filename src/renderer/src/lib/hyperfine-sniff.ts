// Tells a hyperfine export from a Mountbench run file before importing, so the page can ask what
// hyperfine does not record. Only a guess from the shape: the core validates the file either way.

/** The commands of a hyperfine export (`{ "results": [{ "command": … }] }`), or null for anything else. */
export function hyperfineCommands(text: string): string[] | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data) || 'schema' in data) return null;
  const results = (data as { results?: unknown }).results;
  if (!Array.isArray(results)) return null;
  return results.map((r, i) =>
    typeof r === 'object' && r !== null && typeof (r as { command?: unknown }).command === 'string'
      ? String((r as { command: string }).command).slice(0, 120)
      : `benchmark ${i + 1}`,
  );
}
