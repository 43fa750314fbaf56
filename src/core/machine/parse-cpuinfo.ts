// CPU model from Linux /proc/cpuinfo, for when Node's os.cpus() has none (common on ARM boards
// and some arm64 servers, whose cpuinfo lacks "model name").

export function cpuModelFromCpuinfo(text: string): string | null {
  const fields = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const m = /^([^:]+?)\s*:\s*(.*?)\s*$/.exec(line);
    if (m && m[2] !== '' && !fields.has(m[1])) fields.set(m[1], m[2]);
  }
  // x86 and most others: "model name"; Raspberry Pi: "Model"; older ARM kernels: "Hardware".
  return fields.get('model name') ?? fields.get('Model') ?? fields.get('Hardware') ?? null;
}
