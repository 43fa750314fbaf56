// A steady CPU load for a benchmark arm: busy shell loops, each in its own process group so one
// kill ends it (killing `timeout` alone left its busy shell running), each bounded by `timeout`
// so a bench that dies without stopping them cannot leave them spinning.
import { spawn, type ChildProcess } from 'node:child_process';

export interface BusyLoops {
  stop(): void;
}

/** `count` busy loops, each ending by itself after `seconds` at the latest. */
export function busyLoops(count: number, seconds = 1800): BusyLoops {
  const children: ChildProcess[] = [];
  for (let i = 0; i < count; i++)
    children.push(
      spawn('timeout', [String(Math.ceil(seconds)), 'sh', '-c', 'while :; do :; done'], {
        stdio: 'ignore',
        detached: true,
      }),
    );
  return {
    stop() {
      for (const child of children) {
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {
          // ended by itself
        }
      }
    },
  };
}
