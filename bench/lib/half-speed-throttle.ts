// A machine slowed to half speed, meant for the drift benchmark: every process in a Mountbench
// container is stopped for half of each short period, so whatever runs there should take about
// twice as long, the drift interleaving is meant to absorb (a laptop that heats up and throttles).
// Measured, it does not slow both sides alike either (docs/benchmarks.md, "Racing from 3"): native
// 1.4 ×, FUSE 2.8 ×, likely because a signal arriving while a FUSE request is in flight makes the
// kernel send the daemon an interrupt and retry. It stays as the second disturbance the drift part
// reports, beside the CPU hog (native 1.9 ×, FUSE 1.2 × on this virtual machine).
//
// Linux only, run as root (signals the containers' processes). Bounded: it ends after `seconds` or
// on stop(), and every process it stopped is continued before stop() returns, whatever happened.
import { readFileSync } from 'node:fs';
import Docker from 'dockerode';
import { MOUNTBENCH_LABEL, MOUNTBENCH_LABEL_VALUE } from '../../src/shared/ids';

/** One period: stopped for half of it. Short against a sample (50 ms to 1 s at the quick size). */
const PERIOD_MS = 20;

/**
 * The `cgroup.procs` file of a process's cgroup (v1: the pids hierarchy; v2: the unified one).
 * Not the cgroup freezer itself: the engine refuses `docker exec` into a frozen container (exit
 * 126), and every sample is an exec. SIGSTOP and SIGCONT to each process in the cgroup do the same
 * to the work and leave the container running.
 */
function procsFileOf(pid: number): string {
  const lines = readFileSync(`/proc/${pid}/cgroup`, 'utf8').split('\n');
  const v1 = lines.find((l) => l.split(':')[1]?.split(',').includes('pids'));
  if (v1) return `/sys/fs/cgroup/pids${v1.split(':').slice(2).join(':')}/cgroup.procs`;
  const v2 = lines.find((l) => l.startsWith('0::'));
  if (!v2) throw new Error(`no cgroup found for process ${pid}`);
  return `/sys/fs/cgroup${v2.slice(3)}/cgroup.procs`;
}

export function halfSpeedThrottle(after: number, seconds: number, log: (text: string) => void) {
  const docker = new Docker();
  let groups: string[] = [];
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  /** Signals every process in the containers; a container removed meanwhile (clean-up) is dropped. */
  const signalAll = (signal: 'SIGSTOP' | 'SIGCONT') => {
    groups = groups.filter((file) => {
      let pids: number[];
      try {
        pids = readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number);
      } catch {
        return false;
      }
      for (const pid of pids) {
        try {
          process.kill(pid, signal);
        } catch {
          // gone since the list was read
        }
      }
      return true;
    });
  };
  const resumeAll = () => signalAll('SIGCONT');
  const start = async () => {
    const containers = await docker.listContainers({
      filters: { label: [`${MOUNTBENCH_LABEL}=${MOUNTBENCH_LABEL_VALUE}`] },
    });
    const pids = await Promise.all(
      containers.map(async (c) => (await docker.getContainer(c.Id).inspect()).State.Pid),
    );
    if (stopped) return;
    groups = pids.filter((pid) => pid > 0).map(procsFileOf);
    log(`drift: half-speed throttle starts on ${groups.length} containers for ${seconds.toFixed(0)} s`);
    const ends = Date.now() + seconds * 1000;
    let paused = false;
    const tick = () => {
      if (stopped || Date.now() >= ends) {
        resumeAll();
        return;
      }
      paused = !paused;
      signalAll(paused ? 'SIGSTOP' : 'SIGCONT');
      timer = setTimeout(tick, PERIOD_MS / 2);
    };
    tick();
  };
  const delay = setTimeout(() => {
    start().catch((err: unknown) => log(`drift: throttle failed: ${(err as Error).message}`));
  }, after * 1000);
  return {
    stop() {
      stopped = true;
      clearTimeout(delay);
      if (timer) clearTimeout(timer);
      resumeAll();
    },
  };
}
