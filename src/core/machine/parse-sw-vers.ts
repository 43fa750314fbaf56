// `sw_vers` prints "Key:<tabs>value" lines (one tab before Ventura, two since).

export function parseSwVers(output: string): { name: string; version: string } | null {
  const fields: Record<string, string> = {};
  for (const line of output.split(/\r?\n/)) {
    const m = /^\s*([A-Za-z]+):\s*(.*?)\s*$/.exec(line);
    if (m) fields[m[1]] = m[2];
  }
  if (!fields.ProductName || !fields.ProductVersion) return null;
  // A Rapid Security Response adds ProductVersionExtra, e.g. "(a)": part of the version a user sees.
  const extra = fields.ProductVersionExtra ? ` ${fields.ProductVersionExtra}` : '';
  return { name: fields.ProductName, version: `${fields.ProductVersion}${extra}` };
}
