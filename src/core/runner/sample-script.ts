// Wraps a workload's shell text so that one execution yields one sample: the workload's own time
// read from a clock in the same environment, plus the CPU times `times` reports for its children.
// Nothing outside the two clock reads (exec round trip, shell start, reset) is in the interval.

export interface SampleScriptOptions {
  workdir: string;
  body: string;
  reset?: string;
  /** Clock command run inside the environment; null: the host, which prints markers instead. */
  clockCommand: string | null;
}

export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

export function sampleScript({ workdir, body, reset, clockCommand }: SampleScriptOptions): string {
  const start = clockCommand ? `mb_t0=$(${clockCommand})` : 'echo MB_MARK0';
  const end = clockCommand ? `mb_t1=$(${clockCommand})` : 'echo MB_MARK1';
  const report = clockCommand
    ? [`printf '%s\\n' "$mb_t0" | sed 's/^/MB_T0 /'`, `printf '%s\\n' "$mb_t1" | sed 's/^/MB_T1 /'`]
    : [];
  return [
    `cd ${shellQuote(workdir)} 2>/dev/null || { echo "workload folder ${workdir} is missing" >&2; exit 97; }`,
    reset ?? ':',
    'echo MB_C0; times',
    start,
    '{',
    body,
    '} >/dev/null',
    'mb_rc=$?',
    end,
    'echo MB_C1; times',
    ...report,
    'echo "MB_RC $mb_rc"',
    'exit $mb_rc',
  ].join('\n');
}
