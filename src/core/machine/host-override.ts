// MOUNTBENCH_HOST="darwin arm64 14.5" stands in for the machine's own facts, so the Mac providers'
// rules (and the Mac engines' known sockets) can be tested on any machine with stand-in CLIs. Here,
// beside the other machine facts, because both engines/ and providers/ read it.

export interface HostFacts {
  platform: string;
  /** The hardware's architecture (`arm64` on Apple silicon even under Rosetta), `x64`… */
  arch: string;
  /** macOS product version ("14.5"); null elsewhere or when unknown. */
  macosVersion: string | null;
}

/** Parses MOUNTBENCH_HOST: "<platform> <arch> [macOS version]". */
export function parseHostOverride(value: string | undefined): HostFacts | null {
  const parts = (value ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length < 2) return null;
  return { platform: parts[0], arch: parts[1], macosVersion: parts[2] ?? null };
}
