// Wraps a workload's shell text so that one execution yields one sample: the workload's own time
// read from a clock in the same environment, plus the CPU times `times` reports for its children.
// Nothing outside the two clock reads (exec round trip, shell start, reset) is in the interval.
// A batched sample runs the body several times between the two reads (one after another, as Go's
// testing.B does); a back-to-back sample first runs it once untimed, so the timed run meets what
// that one left (a write's write-back), as each of hyperfine's runs meets the previous one's.

export interface SampleScriptOptions {
  workdir: string;
  body: string;
  reset?: string;
  /** Clock command run inside the environment; null: the host, which prints markers instead. */
  clockCommand: string | null;
  /** Executions of `body` between the two clock reads (absent: 1). Never with a reset between. */
  executions?: number;
  /** Run `body` once, untimed, right before the timed part (the back-to-back method). */
  primer?: boolean;
}

export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** The timed part: the body once, or `executions` times, stopping at the first failure. */
function timedBody(body: string, executions: number): string[] {
  if (executions <= 1) return ['{', body, '} >/dev/null', 'mb_rc=$?'];
  return [
    'mb_i=0',
    'mb_rc=0',
    `while [ "$mb_i" -lt ${executions} ]; do`,
    '{',
    body,
    '} >/dev/null',
    'mb_rc=$?',
    '[ "$mb_rc" -eq 0 ] || break',
    'mb_i=$((mb_i + 1))',
    'done',
  ];
}

/** The untimed run before a back-to-back sample; its failure fails the sample before MB_C0. */
function primerRun(body: string, reset: string | undefined): string[] {
  return [
    '{',
    body,
    '} >/dev/null || { echo "the untimed run before the sample failed" >&2; exit 96; }',
    reset ?? ':',
  ];
}

export function sampleScript({
  workdir,
  body,
  reset,
  clockCommand,
  executions = 1,
  primer = false,
}: SampleScriptOptions): string {
  if (!Number.isInteger(executions) || executions < 1)
    throw new Error(`executions per sample must be a whole number from 1: ${executions}`);
  const start = clockCommand ? `mb_t0=$(${clockCommand})` : 'echo MB_MARK0';
  const end = clockCommand ? `mb_t1=$(${clockCommand})` : 'echo MB_MARK1';
  const report = clockCommand
    ? [`printf '%s\\n' "$mb_t0" | sed 's/^/MB_T0 /'`, `printf '%s\\n' "$mb_t1" | sed 's/^/MB_T1 /'`]
    : [];
  return [
    `cd ${shellQuote(workdir)} 2>/dev/null || { echo "workload folder ${workdir} is missing" >&2; exit 97; }`,
    reset ?? ':',
    ...(primer ? primerRun(body, reset) : []),
    'echo MB_C0; times',
    start,
    ...timedBody(body, executions),
    end,
    'echo MB_C1; times',
    ...report,
    'echo "MB_RC $mb_rc"',
    'exit $mb_rc',
  ].join('\n');
}
