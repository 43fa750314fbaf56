// The docker-sync stand-in's background sync for one project: a two-way cycle between each sync's
// src and its sidecar's /app_sync every STANDIN_DOCKER_SYNC_POLL_MS (unison's watch in the real
// sidecar), each change carried across STANDIN_DOCKER_SYNC_DELAY_MS after it was first seen, and
// a cycle on request for `docker-sync sync` of the strategies whose sync does something. `native`
// syncs (a bind-backed volume) have nothing to carry. Ends on SIGTERM, when the project's .docker-sync folder is gone, or after
// STANDIN_MAX_LIFETIME_MS.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { delay, numberFrom, writeJson } = require('./common.cjs');
const { loadConfig } = require('./docker-sync-config.cjs');
const { syncCycle } = require('./sync-engine.cjs');

const env = process.env;
const cfg = loadConfig(path.dirname(process.argv[2]), path.basename(process.argv[2]));
const stateDir = path.join(cfg.projectDir, '.docker-sync');
const requests = path.join(stateDir, 'requests');
const pollMs = numberFrom(env.STANDIN_DOCKER_SYNC_POLL_MS, 200);
const maxLifetime = numberFrom(env.STANDIN_MAX_LIFETIME_MS, 3_600_000);
const started = Date.now();
const holdMs = numberFrom(env.STANDIN_DOCKER_SYNC_DELAY_MS, 0);
const memory = new Map(cfg.syncs.map((s) => [s.name, new Map()]));
const firstSeen = new Map(cfg.syncs.map((s) => [s.name, new Map()]));
let stopping = false;
process.on('SIGTERM', () => (stopping = true));
process.on('SIGINT', () => (stopping = true));

async function main() {
  fs.writeFileSync(path.join(stateDir, 'poller-ready'), `${process.pid}\n`);
  while (!stopping && fs.existsSync(stateDir) && Date.now() - started < maxLifetime) {
    let pending = [];
    try {
      pending = fs.readdirSync(requests).filter((n) => n.endsWith('.request'));
    } catch {
      // no requests yet
    }
    const errors = [];
    for (const sync of cfg.syncs.filter((s) => s.strategy !== 'native')) {
      try {
        await syncCycle(
          {
            alpha: sync.src,
            container: sync.name,
            path: '/app_sync',
            mode: 'two-way-resolved',
            env,
            holdMs,
            firstSeen: firstSeen.get(sync.name),
          },
          memory.get(sync.name),
        );
      } catch (err) {
        errors.push(`${sync.name}: ${err.message}`);
        process.stdout.write(`${new Date().toISOString()} ${sync.name}: ${err.message}\n`);
      }
    }
    // `clean` removes the state folder: answering then would bring it back.
    if (!fs.existsSync(stateDir)) break;
    for (const name of pending) {
      writeJson(
        path.join(requests, name.replace(/\.request$/, '.answer')),
        errors.length ? { ok: false, error: errors.join('; ') } : { ok: true },
      );
      fs.rmSync(path.join(requests, name), { force: true });
    }
    await delay(pollMs);
  }
}

main().catch((err) => {
  process.stdout.write(`poller failed: ${err.stack}\n`);
  process.exit(1);
});
