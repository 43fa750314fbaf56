// Which clock a sample is read from. BusyBox has no `date +%N`; `adjtimex` with no arguments only
// reads the kernel clock and prints it to the microsecond, so it is the first choice inside a
// container. A user's own image may lack it: then GNU date's nanoseconds, then /proc/uptime.
import type { ClockInfo } from '../../shared/result-schema';

/**
 * A clock reading kept as whole seconds and a fraction: seconds since 1970 plus microseconds in
 * one double would keep only about six decimals, so intervals are taken part by part.
 */
export interface ClockReading {
  whole: number;
  fraction: number;
}

export function elapsedSeconds(start: ClockReading, end: ClockReading): number {
  return end.whole - start.whole + (end.fraction - start.fraction);
}

export interface ClockSource {
  name: string;
  /** A command whose output `parse` turns into seconds. */
  command: string;
  resolutionSeconds: number;
  /** The reading, or null when the output is not this clock's. */
  parse(output: string): ClockReading | null;
}

const ADJTIMEX: ClockSource = {
  name: 'adjtimex',
  command: 'adjtimex 2>/dev/null',
  resolutionSeconds: 1e-6,
  parse(output) {
    const sec = /time\.tv_sec:\s*(\d+)/.exec(output);
    const usec = /time\.tv_usec:\s*(\d+)/.exec(output);
    if (!sec || !usec) return null;
    return { whole: Number(sec[1]), fraction: Number(usec[1]) / subsecondUnits(output, Number(usec[1])) };
  },
};

/** STA_NANO in adjtimex's `status`: the kernel's clock runs in nanosecond mode (adjtimex(2)). */
const STA_NANO = 0x2000;

/**
 * Units per second of `time.tv_usec`. Despite its name it holds nanoseconds when the kernel is in
 * nano mode (STA_NANO, which a program setting ADJ_NANO turns on, as time daemons may), and reading
 * those as microseconds made samples of 72 s out of a 0.07 s workload. Without a `status` line, a
 * value of a second or more can only be nanoseconds.
 */
function subsecondUnits(output: string, value: number): number {
  const status = /status:\s*(\d+)/.exec(output);
  if (status) return (Number(status[1]) & STA_NANO) !== 0 ? 1e9 : 1e6;
  return value >= 1e6 ? 1e9 : 1e6;
}

const DATE_NANOSECONDS: ClockSource = {
  name: 'date-ns',
  command: 'date +%s.%N 2>/dev/null',
  resolutionSeconds: 1e-9,
  parse(output) {
    const m = /^(\d+)\.(\d{9})\s*$/.exec(output.trim());
    return m ? { whole: Number(m[1]), fraction: Number(m[2]) / 1e9 } : null;
  },
};

const PROC_UPTIME: ClockSource = {
  name: 'proc-uptime',
  command: 'cat /proc/uptime 2>/dev/null',
  resolutionSeconds: 0.01,
  parse(output) {
    const m = /^(\d+)(\.\d+)\s/.exec(output.trim() + ' ');
    return m ? { whole: Number(m[1]), fraction: Number(m[2]) } : null;
  },
};

export const CONTAINER_CLOCKS: readonly ClockSource[] = [ADJTIMEX, DATE_NANOSECONDS, PROC_UPTIME];

/** A script that prints each candidate's output between markers, to pick one in a single exec. */
export function clockProbeScript(): string {
  return CONTAINER_CLOCKS.map((c) => `echo MB_CLOCK_${c.name}; ${c.command}; echo`).join('\n');
}

export function pickClock(probeOutput: string): ClockSource | null {
  for (const clock of CONTAINER_CLOCKS) {
    const start = probeOutput.indexOf(`MB_CLOCK_${clock.name}\n`);
    if (start < 0) continue;
    const rest = probeOutput.slice(start + `MB_CLOCK_${clock.name}\n`.length);
    const next = rest.indexOf('MB_CLOCK_');
    const section = next < 0 ? rest : rest.slice(0, next);
    if (clock.parse(section) !== null) return clock;
  }
  return null;
}

/** On the host, node's monotonic clock timestamps marker lines the script prints around the work. */
export const HOST_MARKER_CLOCK = { name: 'host-markers', resolutionSeconds: 1e-6 } as const;

export function clockInfo(name: string, resolutionSeconds: number, overheadSeconds: number): ClockInfo {
  return { source: name, resolutionSeconds, overheadSeconds };
}
