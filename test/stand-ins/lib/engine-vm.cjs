// The background process behind a "running" stand-in product (Docker Desktop's app, a colima VM,
// OrbStack). It takes a while to boot, then exposes the product's Docker socket (forwarded to the
// real engine), reports its state in a JSON file, and shuts down on SIGTERM after a while. It can
// be told to fail or hang at start or stop. Run as: node engine-vm.cjs '<options JSON>'.
//
// Docker Desktop rule: with `keepFile`, the process holds the settings file it read at start and
// writes it back whenever the file on disk differs, and once more when it quits, so a change made
// while it runs is lost, as with the real app. With `lingerMs`, the app reports "stopped" (its VM
// and socket are gone) but its process runs on that long, still holding the file: only a
// provider that waits for the app's processes to be gone keeps its change.
//
// With `share` ({ dir, fsType }), the product's file share is made real while it runs: bindfs with
// the product's FUSE subtype over that folder (fuse-share.cjs), mounted before the socket answers
// and unmounted before the process ends, however it ends short of SIGKILL (the CLI and the test
// sandbox unmount after that).
'use strict';

const fs = require('node:fs');
const { setInterval } = require('node:timers');
const { delay, writeFileAtomic, writeJson, readJson } = require('./common.cjs');
const { createForwarder } = require('./forwarder.cjs');
const { mountShare, unmountShares } = require('./fuse-share.cjs');

const options = JSON.parse(process.argv[2]);
const startedAt = Date.now();
let forwarder = null;
let stopping = false;
let overwrites = 0;
let share = null;

function setState(status, extra = {}) {
  const previous = readJson(options.stateFile) ?? {};
  writeJson(options.stateFile, {
    ...previous,
    ...options.extra,
    standIn: true,
    product: options.product,
    launchId: options.launchId,
    pid: process.pid,
    status,
    socket: options.socketPath,
    overwrites,
    lingerMs: options.lingerMs ?? 0,
    since: new Date().toISOString(),
    ...extra,
  });
}

function log(message) {
  process.stdout.write(`${new Date().toISOString()} ${options.product} stand-in: ${message}\n`);
}

/** Takes the share down; never throws, so the process still ends (the sandbox retries). */
function releaseShare() {
  if (!share) return;
  try {
    unmountShares(share.dir);
    log(`unmounted the ${share.fsType} share over ${share.dir}`);
    share = null;
  } catch (err) {
    log(`could not unmount the share: ${err.message}`);
  }
}

/** Writes back the settings the product holds in memory when the file on disk differs. */
function keepSettings() {
  const keep = options.keepFile;
  if (!keep) return;
  let current = null;
  try {
    current = fs.readFileSync(keep.path, 'utf8');
  } catch {
    current = null;
  }
  if (current === keep.contents) return;
  writeFileAtomic(keep.path, keep.contents);
  overwrites += 1;
  log(`overwrote ${keep.path} with the settings it holds in memory (${overwrites})`);
  if (!stopping) setState(readJson(options.stateFile)?.status ?? 'running');
}

async function stop() {
  if (stopping) return;
  stopping = true;
  setState('stopping');
  if (options.hangStop) {
    log('told to hang while stopping');
    return;
  }
  keepSettings();
  await delay(options.stopMs);
  if (forwarder) await forwarder.close();
  releaseShare();
  if (options.lingerMs > 0) {
    setState('stopped', { pid: process.pid, share });
    log(`VM stopped; the app lingers for ${options.lingerMs} ms`);
    await delay(options.lingerMs);
    keepSettings();
  }
  setState('stopped', { pid: null, share });
  log('stopped');
  process.exit(0);
}

/** Leaves no orphan behind: exits when the sandbox home disappears or after a maximum lifetime. */
function watchdog() {
  setInterval(() => {
    const tooOld = Date.now() - startedAt > options.maxLifetimeMs;
    if (!fs.existsSync(options.watchDir) || tooOld) {
      log('watchdog: sandbox gone or lifetime over, exiting');
      releaseShare();
      process.exit(0);
    }
  }, 1000).unref();
}

async function main() {
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  watchdog();
  setState('starting');
  if (options.keepFile) setInterval(keepSettings, options.keepFile.intervalMs).unref();
  if (options.hangStart) {
    log('told to hang while starting: it will never be ready');
    setInterval(() => {}, 1 << 30);
    return;
  }
  await delay(options.startMs);
  if (stopping) return;
  if (options.failStart) {
    setState('error', { message: options.failMessage, pid: null });
    log(`failed to start: ${options.failMessage}`);
    process.exit(1);
  }
  if (options.share) {
    share = mountShare(options.share.dir, options.share.fsType);
    setState('starting', { share });
    log(`shared ${share.dir} through bindfs as ${share.fsType}`);
  }
  forwarder = await createForwarder(options.socketPath, options.target, { bindFsType: options.bindFsType });
  if (stopping) {
    await forwarder.close();
    releaseShare();
    return;
  }
  setState('running', { share });
  log(`running, socket ${options.socketPath} -> ${options.target}`);
  setInterval(() => {}, 1 << 30);
}

main().catch((err) => {
  releaseShare();
  setState('error', { share, message: String(err && err.message ? err.message : err), pid: null });
  log(`crashed: ${err && err.stack ? err.stack : err}`);
  process.exit(1);
});
