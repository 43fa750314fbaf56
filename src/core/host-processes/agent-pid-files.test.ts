// A Lima instance's host processes from its pid files, on real processes: the host agent with what
// it started, QEMU once under its own name; a pid file that is not a short number, or names no live
// process, gives nothing.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hostAgentServing, readPidFile } from './agent-pid-files';

const HOST_AGENT_LABEL = 'the host agent';
const QEMU_LABEL = 'QEMU';
const LABELS = { agent: HOST_AGENT_LABEL, vm: QEMU_LABEL };

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function instanceDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mountbench-lima-serving-'));
  dirs.push(dir);
  return dir;
}

/** A stand-in host agent: a node process that starts one child (its "QEMU") and prints its pid. */
async function agentWithChild(): Promise<{ agent: number; child: number }> {
  const script = [
    "const { spawn } = require('node:child_process');",
    "const c = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });",
    "process.stdout.write(c.pid + '\\n');",
    'setInterval(() => {}, 1000);',
  ].join('\n');
  const agent = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'ignore'] });
  children.push(agent);
  const child = Number(
    await new Promise<string>((resolve) => agent.stdout!.once('data', (d: Buffer) => resolve(d.toString()))),
  );
  return { agent: agent.pid!, child };
}

describe('readPidFile', () => {
  it('reads a short decimal number and nothing else', async () => {
    const dir = instanceDir();
    const cases: Array<[string, number | null]> = [
      ['4242\n', 4242],
      [' 77 ', 77],
      ['', null],
      ['1\n', null],
      ['-5\n', null],
      ['12abc\n', null],
      ['4242\n4243\n', null],
      [`${'9'.repeat(10)}\n`, null],
      [`4242${' '.repeat(64)}`, null],
    ];
    for (const [i, [text, pid]] of cases.entries()) {
      writeFileSync(join(dir, `p${i}`), text);
      expect(await readPidFile(join(dir, `p${i}`)), JSON.stringify(text)).toBe(pid);
    }
    expect(await readPidFile(join(dir, 'absent'))).toBeNull();
  });
});

describe.runIf(process.platform === 'linux')('hostAgentServing on real processes', () => {
  it('finds the host agent, what it started, and QEMU once under its own name', async () => {
    const { agent, child } = await agentWithChild();
    const dir = instanceDir();
    writeFileSync(join(dir, 'ha.pid'), `${agent}\n`);
    writeFileSync(join(dir, 'qemu.pid'), `${child}\n`);
    expect(await hostAgentServing(dir, LABELS)).toEqual([
      { label: QEMU_LABEL, pid: child },
      { label: HOST_AGENT_LABEL, pid: agent },
    ]);
    // Without qemu.pid (the VZ driver) the agent's child is counted as one it started, transient.
    rmSync(join(dir, 'qemu.pid'));
    expect(await hostAgentServing(dir, LABELS)).toEqual([
      { label: HOST_AGENT_LABEL, pid: agent },
      { label: `node (started by ${HOST_AGENT_LABEL})`, pid: child, transient: true },
    ]);
  });

  it('finds nothing for a stopped instance, a dead pid or a pid file that is not one', async () => {
    const dir = instanceDir();
    expect(await hostAgentServing(dir, LABELS)).toEqual([]);
    const gone = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => gone.once('exit', resolve));
    writeFileSync(join(dir, 'ha.pid'), `${gone.pid}\n`);
    writeFileSync(join(dir, 'qemu.pid'), 'not a pid');
    expect(await hostAgentServing(dir, LABELS)).toEqual([]);
  });
});
