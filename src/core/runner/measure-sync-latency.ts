// Times host → container visibility with the host's clock only, since a VM's clock is not the
// host's: the container polls the probe file and answers on its stdout the moment it sees the new
// content. latency = (answer arrived − write began) − one-way answer delay, where the one-way delay
// is half the median round trip of `ping` lines through the same channel, measured first.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MountbenchError } from '../../shared/errors';
import type { Backend, WorkloadResult } from '../../shared/result-schema';
import type { SizeName } from '../../shared/ids';
import { median, statsWarnings, summarize } from '../stats';
import { SYNC_PROBE } from '../workloads/sync-latency';
import { servingResult, spentAcross, type ProcessCost } from '../host-processes/serving-cost';
import type { HostEditWorkload } from '../workloads/workload';
import { HOST_MARKER_CLOCK } from './clock';
import type { BackendExecutor } from './executor';
import type { MeasureHooks } from './measure-hooks';
import { shellQuote } from '../workloads/sample-script';

const PINGS = 15;
const EDIT_TIMEOUT_MS = 30_000;
const ANSWER_TIMEOUT_MS = 10_000;
/** Written beside the probe until the watcher reports it; its name never contains "probe". */
const WATCHER_MARKER = '.mountbench-watcher-ready';
/**
 * How long the container waits for its watcher to report the marker, by the guest's own clock. A
 * bound by count (500 writes 10 ms apart) ran out on a loaded host under an emulated VM, where one
 * round of the loop takes far longer than 10 ms and the watcher's start (an exec in the guest) too.
 */
const WATCHER_READY_SECONDS = 30;
/** The host waits for the `watcher` line a while longer than the container's own bound. */
const WATCHER_START_TIMEOUT_MS = (WATCHER_READY_SECONDS + 30) * 1000;

/**
 * The polling shell: tight builtin reads first (no fork: sub-millisecond), then 1 ms sleeps so a
 * slow sync is not starved of CPU by the poller. An inotify watcher runs beside it when the image
 * has `inotifyd`. Its log is a mktemp file in /tmp, removed at `quit`: the host baseline runs this
 * script on the host, where two runs at once must not share one log nor write through a name another
 * user planted. /tmp is made first: an image built FROM scratch (the offline one) has none, and the
 * failed redirection would leave a watcher that never ran, read as one that saw nothing. The watcher
 * runs from inside the folder it watches: on 9p (cache none or mmap, Lima's default) the kernel keeps
 * no unused dentry, and each new lookup of the folder makes a new inode, so a watch added on the
 * folder's inode of the moment never hears of files made through a later lookup, not even the
 * container's own. The watcher's working directory holds the folder's dentry, and with it the one
 * inode every path through it reaches. The watcher is started before the edits but adds its watch a
 * moment later, and on a fast share all the edits could be done by then: so the shell writes a marker
 * file into the folder until the watcher reports it (the container's own write raises an event on
 * every share), then removes it, and only then says the watcher is on: `unready` when
 * WATCHER_READY_SECONDS pass first (by `date +%s`, which BusyBox has), `exited` when the watcher ends
 * while waiting (it could not watch). `events` answers `dead` when the watcher is gone by the end.
 */
export function syncSessionScript(workdir: string, readySeconds = WATCHER_READY_SECONDS): string {
  return `cd ${shellQuote(workdir)} || exit 97
if command -v inotifyd >/dev/null 2>&1; then
  mkdir -p /tmp 2>/dev/null
  mb_log=$(mktemp /tmp/mountbench-inotify.XXXXXX 2>/dev/null) || mb_log=/tmp/mountbench-inotify.$$
  ( cd watch 2>/dev/null && exec inotifyd - .:w ) > $mb_log 2>/dev/null &
  mb_watch=$!
  mb_end=$(( $(date +%s) + ${readySeconds} ))
  mb_ready=inotifyd
  until grep -q ${WATCHER_MARKER} $mb_log 2>/dev/null; do
    kill -0 $mb_watch 2>/dev/null || { mb_ready=exited; break; }
    [ $(date +%s) -ge $mb_end ] && { mb_ready=unready; break; }
    : > watch/${WATCHER_MARKER} 2>/dev/null
    sleep 0.01
  done
  rm -f watch/${WATCHER_MARKER}
  [ $mb_ready = inotifyd ] || { kill $mb_watch 2>/dev/null; mb_watch=; }
  echo "watcher $mb_ready"
else
  echo "watcher none"
fi
while read -r mb_cmd mb_token; do
  case "$mb_cmd" in
    ping) echo "pong $mb_token" ;;
    wait)
      mb_v=; read -r mb_v < ${SYNC_PROBE} 2>/dev/null
      echo "waiting $mb_token"
      mb_n=0
      while [ "$mb_v" != "$mb_token" ]; do
        mb_n=$((mb_n + 1))
        [ $mb_n -gt 2000 ] && sleep 0.001
        read -r mb_v < ${SYNC_PROBE} 2>/dev/null
      done
      echo "seen $mb_token" ;;
    events)
      if [ -z "$mb_watch" ]; then echo "events none"
      elif kill -0 $mb_watch 2>/dev/null; then echo "events $(grep -c probe $mb_log 2>/dev/null || echo 0)"
      else echo "events dead"; fi ;;
    quit) [ -n "$mb_watch" ] && kill $mb_watch 2>/dev/null; [ -n "$mb_log" ] && rm -f $mb_log; exit 0 ;;
  esac
done`;
}

async function expectLine(
  session: { nextLine(ms: number): Promise<{ line: string; at: number }> },
  prefix: string,
  ms: number,
) {
  const got = await session.nextLine(ms);
  if (!got.line.startsWith(prefix))
    throw new MountbenchError('WORKLOAD_FAILED', `sync-latency: expected "${prefix}…", got "${got.line}"`);
  return got;
}

export async function measureSyncLatency(
  executor: BackendExecutor,
  backend: Backend,
  workload: HostEditWorkload,
  size: SizeName,
  warmup: number,
  hooks: MeasureHooks,
): Promise<WorkloadResult[]> {
  const { signal } = hooks;
  const hostDir = executor.hostPathOf(workload.id);
  if (!hostDir)
    throw new MountbenchError(
      'BAD_INPUT',
      `sync-latency needs a folder the host can write into; ${backend.label} has none`,
    );
  hooks.phase('fixture');
  await executor.prepareWorkdir(workload.id, workload.fixture(size), signal);
  const sync = executor.sync;
  const initialSeconds = sync ? await sync.flush(signal) : null;
  const workdir = executor.workdir(workload.id);
  const fsType = await executor.fsTypeOf(workdir, signal);
  const probe = join(hostDir, SYNC_PROBE);

  const session = await executor.openSession(syncSessionScript(workdir), signal);
  try {
    const watcher = (await expectLine(session, 'watcher ', WATCHER_START_TIMEOUT_MS)).line.slice(
      'watcher '.length,
    );

    hooks.phase('calibrate');
    const roundTrips: number[] = [];
    for (let i = 0; i < PINGS; i++) {
      const sent = performance.now() / 1000;
      session.send(`ping p${i}`);
      const { at } = await expectLine(session, `pong p${i}`, ANSWER_TIMEOUT_MS);
      roundTrips.push(at - sent);
    }
    const oneWay = median(roundTrips) / 2;

    const latencies: number[] = [];
    // The share's or sync tool's host processes, read just outside each timed edit.
    const serving = executor.serving ?? [];
    const spent: ProcessCost[] = [];
    const edit = async (index: number, warm: boolean) => {
      const token = `${warm ? 'w' : 't'}${index}-${process.hrtime.bigint()}`;
      session.send(`wait ${token}`);
      await expectLine(session, `waiting ${token}`, ANSWER_TIMEOUT_MS);
      const { value: latency, spent: carried } = await spentAcross(warm ? [] : serving, async () => {
        const began = performance.now() / 1000;
        await writeFile(probe, `${token}\n`);
        const seen = await session.nextLine(EDIT_TIMEOUT_MS).catch(() => {
          throw new MountbenchError(
            'WORKLOAD_FAILED',
            `the container did not see the host's edit within ${EDIT_TIMEOUT_MS / 1000} s: the share does not sync`,
          );
        });
        if (seen.line !== `seen ${token}`)
          throw new MountbenchError('WORKLOAD_FAILED', `sync-latency: unexpected answer "${seen.line}"`);
        return Math.max(0, seen.at - began - oneWay);
      });
      if (carried) spent.push(carried);
      hooks.sample(null, index, warm, latency);
      return latency;
    };
    if (warmup > 0) hooks.phase('warmup');
    for (let i = 0; i < warmup; i++) await edit(i, true);
    hooks.phase('timed');
    for (let i = 0; i < workload.edits(size); i++) latencies.push(await edit(i, false));

    session.send('events');
    const events = (await expectLine(session, 'events ', ANSWER_TIMEOUT_MS)).line.slice('events '.length);
    session.send('quit');

    const stats = summarize(latencies);
    const warnings = statsWarnings(stats, {
      clockResolutionSeconds: HOST_MARKER_CLOCK.resolutionSeconds,
      warmupRuns: warmup,
    });
    const derived: Record<string, number> = { oneWayDelaySeconds: oneWay };
    if (watcher === 'unready') {
      warnings.push(
        `The inotify watcher in the container did not report a file the container wrote within ${WATCHER_READY_SECONDS} s, so whether a file watcher fires on the host’s edits is unknown.`,
      );
    } else if (watcher === 'exited') {
      warnings.push(
        'The inotify watcher in the container exited before it reported a file the container wrote (it could not watch the folder), so whether a file watcher fires on the host’s edits is unknown.',
      );
    } else if (watcher === 'none') {
      warnings.push(
        'The bench image has no inotifyd, so whether a file watcher in the container fires is unknown.',
      );
    } else if (events === 'dead') {
      warnings.push(
        'The inotify watcher in the container had exited before the edits were counted, so whether a file watcher fires is unknown.',
      );
    } else {
      derived.watcherEvents = Number(events) || 0;
      derived.watcherFired = Number(events) > 0 ? 1 : 0;
      if (!derived.watcherFired)
        warnings.push(
          'An inotify watcher in the container saw none of the host’s edits: file watchers (hot reload) will not fire on this share.',
        );
    }
    return [
      {
        backend,
        workload: { id: workload.id, size, params: workload.sizes[size] },
        fsType,
        clock: {
          source: 'host-round-trip',
          resolutionSeconds: HOST_MARKER_CLOCK.resolutionSeconds,
          overheadSeconds: oneWay,
        },
        cache: warmup > 0 ? 'warm' : 'cold',
        warmupRuns: warmup,
        stats,
        derived,
        stop: { rule: 'fixed', relativeHalfWidth: null },
        warnings,
        ...servingResult(serving, spent, latencies.length),
        ...(sync && initialSeconds !== null
          ? {
              sync: {
                tool: sync.tool,
                ...(sync.oneWay ? { oneWay: true as const } : {}),
                initialSeconds,
                flushSeconds: [],
              },
            }
          : {}),
      },
    ];
  } finally {
    await session.close();
  }
}
