import { describe, expect, it } from 'vitest';
import { CONTAINER_CLOCKS, elapsedSeconds, pickClock } from './clock';
import { parseSampleOutput } from './sample-output';

const adjtimex = CONTAINER_CLOCKS.find((c) => c.name === 'adjtimex')!;

// What BusyBox printed for one sample of dd-write (trimmed adjtimex output).
const BUSYBOX_OUTPUT = `MB_C0
0m0.020s 0m0.000s
0m0.001s 0m0.003s
MB_C1
0m0.020s 0m0.000s
0m0.003s 0m0.161s
MB_T0     time.tv_sec:  1795992175
MB_T0     time.tv_usec: 999900
MB_T1     time.tv_sec:  1795992176
MB_T1     time.tv_usec: 48500
MB_RC 0
`;

describe('parseSampleOutput', () => {
  it('reads the interval across a second boundary without losing microseconds', () => {
    const parsed = parseSampleOutput(BUSYBOX_OUTPUT, adjtimex);
    expect(parsed.seconds).toBeCloseTo(0.0486, 9);
    expect(parsed.exitCode).toBe(0);
  });
  it('reads time.tv_usec as nanoseconds when the kernel clock is in nano mode (STA_NANO)', () => {
    // BusyBox adjtimex on a kernel in nano mode: status 8256 = STA_NANO | STA_UNSYNC.
    const nano = (sec: number, ns: number) =>
      `    status:       8256 (UNSYNC)\n    time.tv_sec:  ${sec}\n    time.tv_usec: ${ns}`;
    const t0 = adjtimex.parse(nano(1796139624, 124918456))!;
    const t1 = adjtimex.parse(nano(1796139624, 195000000))!;
    expect(elapsedSeconds(t0, t1)).toBeCloseTo(0.070081544, 9);
    // The same fraction in microsecond mode (status without STA_NANO) is read as microseconds.
    expect(
      adjtimex.parse('    status:       64 (UNSYNC)\n    time.tv_sec:  1\n    time.tv_usec: 500000'),
    ).toEqual({
      whole: 1,
      fraction: 0.5,
    });
    // No status line: a value of a second or more can only be nanoseconds.
    expect(adjtimex.parse('    time.tv_sec:  1\n    time.tv_usec: 250000000')?.fraction).toBe(0.25);
  });
  it('takes the children CPU times as the difference of the two `times` reports', () => {
    const parsed = parseSampleOutput(BUSYBOX_OUTPUT, adjtimex);
    expect(parsed.userSeconds).toBe(0.002);
    expect(parsed.systemSeconds).toBe(0.158);
  });
  it('reports missing readings as null instead of inventing a time', () => {
    const parsed = parseSampleOutput('MB_RC 1\n', adjtimex);
    expect(parsed).toEqual({ exitCode: 1, seconds: null, userSeconds: null, systemSeconds: null });
  });
});

describe('pickClock', () => {
  it('prefers adjtimex and falls back to /proc/uptime', () => {
    const probe = (adj: string, date: string, up: string) =>
      `MB_CLOCK_adjtimex\n${adj}\nMB_CLOCK_date-ns\n${date}\nMB_CLOCK_proc-uptime\n${up}\n`;
    expect(
      pickClock(probe('    time.tv_sec:  1\n    time.tv_usec: 2', '1.000000002', '5.00 1.00'))?.name,
    ).toBe('adjtimex');
    expect(pickClock(probe('sh: adjtimex: not found', '1795992175.123456789', '5.00 1.00'))?.name).toBe(
      'date-ns',
    );
    expect(pickClock(probe('', '%N', '12345.67 2345.10'))?.name).toBe('proc-uptime');
    expect(pickClock(probe('', '', ''))).toBeNull();
  });
});
