// Reads what a sample script printed back into numbers.
import { elapsedSeconds, type ClockSource } from './clock';

export interface ParsedSample {
  exitCode: number | null;
  /** Seconds between the two clock reads (container clocks only). */
  seconds: number | null;
  /** CPU seconds of the workload's child processes, from the two `times` reports. */
  userSeconds: number | null;
  systemSeconds: number | null;
}

const TIMES_LINE = /(\d+)m([\d.]+)s\s+(\d+)m([\d.]+)s/;

function childTimes(lines: string[], marker: string): { user: number; system: number } | null {
  const at = lines.indexOf(marker);
  // `times` prints the shell's own times, then its children's.
  const line = at >= 0 ? lines[at + 2] : undefined;
  const m = line ? TIMES_LINE.exec(line) : null;
  if (!m) return null;
  return { user: Number(m[1]) * 60 + Number(m[2]), system: Number(m[3]) * 60 + Number(m[4]) };
}

/** `times` prints milliseconds at best; rounding keeps float noise (0.158000000003) out of files. */
function roundMicro(seconds: number): number {
  return Math.round(seconds * 1e6) / 1e6;
}

function prefixed(lines: string[], prefix: string): string {
  return lines
    .filter((l) => l.startsWith(prefix))
    .map((l) => l.slice(prefix.length))
    .join('\n');
}

export function parseSampleOutput(stdout: string, clock: ClockSource | null): ParsedSample {
  const lines = stdout.split('\n');
  const rc = /^MB_RC (\d+)$/m.exec(stdout);
  const before = childTimes(lines, 'MB_C0');
  const after = childTimes(lines, 'MB_C1');
  let seconds: number | null = null;
  if (clock) {
    const t0 = clock.parse(prefixed(lines, 'MB_T0 '));
    const t1 = clock.parse(prefixed(lines, 'MB_T1 '));
    if (t0 !== null && t1 !== null) seconds = elapsedSeconds(t0, t1);
  }
  return {
    exitCode: rc ? Number(rc[1]) : null,
    seconds,
    userSeconds: before && after ? roundMicro(Math.max(0, after.user - before.user)) : null,
    systemSeconds: before && after ? roundMicro(Math.max(0, after.system - before.system)) : null,
  };
}
