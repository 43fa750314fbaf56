// The host cost of a share's processes, read from Linux's /proc on real processes: a child that
// burns CPU is found by its arguments and its CPU seconds grow; a process whose name holds spaces
// and parentheses is read right; a gone process reads as nothing.
import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import {
  cpuSecondsOfStat,
  processCost,
  processesWithArgument,
  rssBytesOfStatus,
  servingSnapshot,
  servingSpent,
  servingTree,
} from './serving-cost';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/**
 * A node child named by a marker argument that burns `cpuMs` of its own CPU time (load makes that
 * take longer, never less), says "done", then idles until killed.
 */
function burner(marker: string, cpuMs: number): { child: ChildProcess; done: Promise<void> } {
  const script = `const t = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
while (t() < ${cpuMs});
process.stdout.write('done\\n');
setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['-e', script, marker], { stdio: ['ignore', 'pipe', 'ignore'] });
  children.push(child);
  const done = new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
  return { child, done };
}

describe('cpuSecondsOfStat and rssBytesOfStatus', () => {
  it('reads utime + stime after the last parenthesis, whatever the name holds, and VmRSS in bytes', () => {
    const stat = '4242 (bind fs) (x)) S 1 4242 4242 0 -1 4194368 120 0 0 0 250 75 0 0 20 0 3 0 100 0 0';
    expect(cpuSecondsOfStat(stat)).toBe(3.25);
    expect(cpuSecondsOfStat('4242 bindfs S 1')).toBeNull();
    expect(cpuSecondsOfStat('4242 (bindfs) S 1 2 3')).toBeNull();
    expect(rssBytesOfStatus('Name:\tbindfs\nVmHWM:\t    9000 kB\nVmRSS:\t    4096 kB\n')).toBe(4096 * 1024);
    expect(rssBytesOfStatus('Name:\tkthreadd\n')).toBeNull();
  });
});

describe.runIf(process.platform === 'linux')('a real process on this host', () => {
  it('is found by its program and argument, and reads the CPU seconds it burned', async () => {
    const marker = `mountbench-serving-cost-${process.pid}-${Date.now()}`;
    const { child, done } = burner(marker, 400);
    await done;
    expect(await processesWithArgument('node', marker)).toEqual([child.pid]);
    expect(await processesWithArgument('bindfs', marker)).toEqual([]);
    const cost = (await servingSnapshot([{ label: 'burner', pid: child.pid! }]))!.get(child.pid!);
    // Its own 400 ms, plus node's start-up; /proc counts in hundredths.
    expect(cost!.cpuSeconds).toBeGreaterThanOrEqual(0.39);
    expect(cost!.rssBytes).toBeGreaterThan(1024 * 1024);
  });

  it('reads nothing for a process that is gone, so no figure is made up', async () => {
    const { child, done } = burner('gone', 10);
    await done;
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    expect(await processCost(child.pid!)).toBeNull();
    expect(await servingSnapshot([{ label: 'gone', pid: child.pid! }])).toBeNull();
    expect(await servingSnapshot([])).toBeNull();
  });

  it('finds what a process started, by command name; a transient one that ends takes no figure away', async () => {
    // A parent that starts a burner child and reports its pid.
    const marker = `mountbench-serving-tree-${process.pid}-${Date.now()}`;
    const script = `const { spawn } = require('node:child_process');
const c = spawn(process.execPath, ['-e', 'const t=()=>{const u=process.cpuUsage();return (u.user+u.system)/1000};while(t()<300);process.stdout.write("x");setInterval(()=>{},1000)'], { stdio: ['ignore', 'pipe', 'ignore'] });
c.stdout.once('data', () => process.stdout.write(String(c.pid) + '\\n'));
setInterval(() => {}, 1000);`;
    const parent = spawn(process.execPath, ['-e', script, marker], { stdio: ['ignore', 'pipe', 'ignore'] });
    children.push(parent);
    const grandchild = Number(
      await new Promise<string>((resolve) =>
        parent.stdout!.once('data', (d: Buffer) => resolve(d.toString())),
      ),
    );
    const tree = await servingTree({ label: 'agent', pid: parent.pid! });
    expect(tree).toEqual([
      { label: 'agent', pid: parent.pid },
      { label: 'node (started by agent)', pid: grandchild, transient: true },
    ]);
    const before = (await servingSnapshot(tree))!;
    expect(before.get(grandchild)!.cpuSeconds).toBeGreaterThanOrEqual(0.29);
    process.kill(grandchild, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The child is gone: the parent still reads, and the child's CPU is no part of the delta.
    const after = (await servingSnapshot(tree))!;
    expect([...after.keys()]).toEqual([parent.pid]);
    expect(servingSpent(before, after).cpuSeconds).toBeLessThan(0.29);
    // A process that is not transient and is gone leaves no snapshot at all.
    expect(await servingSnapshot([{ label: 'gone', pid: grandchild }])).toBeNull();
  });
});

describe('servingSpent', () => {
  it('counts the CPU of processes read both times and the memory held at the second', () => {
    const before = new Map([
      [1, { cpuSeconds: 1, rssBytes: 10 }],
      [2, { cpuSeconds: 5, rssBytes: 20 }],
    ]);
    const after = new Map([
      [1, { cpuSeconds: 1.5, rssBytes: 12 }],
      [3, { cpuSeconds: 9, rssBytes: 30 }],
    ]);
    expect(servingSpent(before, after)).toEqual({ cpuSeconds: 0.5, rssBytes: 42 });
  });
});
