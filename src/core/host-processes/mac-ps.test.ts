// A Mac's ps output, as Apple's adv_cmds prints it (ps/print.c: `time` "%3ld:%02ld.%02ld", `rss` in
// KiB; keyword.c): the costs, a command name and a daemon found by its command line, read from
// lines of that format through a scripted runner that records what ps was asked.
import { describe, expect, it } from 'vitest';
import {
  macCommandName,
  macProcessCosts,
  macProcessesWithArguments,
  parsePsCosts,
  psCpuSeconds,
} from './mac-ps';

/** A scripted ps: answers `output`, records its arguments. */
function scripted(output: string) {
  const calls: string[][] = [];
  return { calls, run: async (args: readonly string[]) => (calls.push([...args]), output) };
}

describe('psCpuSeconds', () => {
  it('reads minutes, seconds and hundredths, minutes never split into hours', () => {
    expect(psCpuSeconds('  0:00.03')).toBeCloseTo(0.03, 10);
    expect(psCpuSeconds('  12:03.45')).toBeCloseTo(723.45, 10);
    expect(psCpuSeconds('1234:59.99')).toBeCloseTo(74099.99, 10);
    for (const bad of ['', '0:60.00', '1:02:03', '0:00', '-1:00.00', '0:00.0', 'x'])
      expect(psCpuSeconds(bad), bad).toBeNull();
  });
});

describe('parsePsCosts and macProcessCosts', () => {
  it('reads each process ps shows, in one call, RSS from KiB; a gone one is simply absent', async () => {
    // What `ps -o pid=,time=,rss= -p 411,977,5000` prints when 5000 is gone (ps then exits 1).
    const ps = scripted('  411   0:01.25  18432\n  977  61:12.07 2097152\n');
    const costs = await macProcessCosts([411, 977, 5000], ps.run);
    expect(ps.calls).toEqual([['-o', 'pid=,time=,rss=', '-p', '411,977,5000']]);
    expect(costs.get(411)).toEqual({ cpuSeconds: 1.25, rssBytes: 18432 * 1024 });
    expect(costs.get(977)!.cpuSeconds).toBeCloseTo(3672.07, 10);
    expect(costs.has(5000)).toBe(false);
    expect(parsePsCosts('garbage\n  12 nope 3\n\n').size).toBe(0);
    expect((await macProcessCosts([0, -1], ps.run)).size).toBe(0);
    expect(ps.calls).toHaveLength(1);
  });
});

describe('macCommandName and macProcessesWithArguments', () => {
  it('names a process by its executable, and finds mutagen’s daemon by its words', async () => {
    expect(await macCommandName(411, scripted('/opt/homebrew/bin/limactl\n').run)).toBe('limactl');
    expect(await macCommandName(411, scripted('').run)).toBeNull();
    const ps = scripted(
      [
        '    1 /sbin/launchd',
        '  702 /opt/homebrew/bin/mutagen daemon run',
        '  703 /usr/bin/less mutagen daemon run',
        '  704 mutagen sync list',
        '  705 mutagen daemon runner',
      ].join('\n'),
    );
    expect(await macProcessesWithArguments('mutagen', ['daemon', 'run'], ps.run)).toEqual([702]);
    expect(ps.calls).toEqual([['-axww', '-o', 'pid=,args=']]);
  });
});
