// The mutagen stand-in's daemon: a background process that runs a sync cycle for every session
// every STANDIN_MUTAGEN_POLL_MS (continuous sync, as mutagen's watching does), answers flush
// requests with a cycle that started after the request, and drops terminated sessions between
// cycles. It ends when its data directory is deleted or after STANDIN_MAX_LIFETIME_MS.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { delay, numberFrom, writeJson } = require('./common.cjs');
const { paths, listSessions } = require('./mutagen-state.cjs');
const { syncCycle } = require('./sync-engine.cjs');

const env = process.env;
const p = paths(env);
const pollMs = numberFrom(env.STANDIN_MUTAGEN_POLL_MS, 200);
const maxLifetime = numberFrom(env.STANDIN_MAX_LIFETIME_MS, 3_600_000);
const started = Date.now();
/** Session id → Map of what the last cycle left (see sync-engine.cjs). */
const memory = new Map();
let stopping = false;

process.on('SIGTERM', () => (stopping = true));
process.on('SIGINT', () => (stopping = true));

function log(message) {
  process.stdout.write(`${new Date().toISOString()} ${message}\n`);
}

function requestFiles() {
  try {
    return fs.readdirSync(p.requests).filter((n) => n.endsWith('.request'));
  } catch {
    return [];
  }
}

function answer(name, body) {
  writeJson(path.join(p.requests, name.replace(/\.request$/, '.answer')), body);
  fs.rmSync(path.join(p.requests, name), { force: true });
}

async function main() {
  writeJson(p.daemonState, { pid: process.pid, startedAt: new Date().toISOString() });
  while (!stopping && fs.existsSync(p.root) && Date.now() - started < maxLifetime) {
    // Requests seen now are answered by the cycle below, which starts after they were made.
    const pending = requestFiles();
    const sessions = listSessions(env);
    const live = new Set(sessions.map((s) => s.identifier));
    for (const id of memory.keys()) if (!live.has(id)) memory.delete(id);
    const outcomes = new Map();
    for (const session of sessions) {
      if (session.paused) continue;
      const last = memory.get(session.identifier) ?? new Map();
      memory.set(session.identifier, last);
      try {
        const result = await syncCycle(
          {
            alpha: session.alpha.path,
            container: session.beta.container,
            path: session.beta.path,
            mode: session.mode,
            env: { ...env, ...session.dockerEnv },
          },
          last,
        );
        if (result.conflicts.length) log(`${session.name}: conflicts: ${result.conflicts.join(', ')}`);
        outcomes.set(session.identifier, { ok: true, conflicts: result.conflicts });
      } catch (err) {
        log(`${session.name}: ${err.message}`);
        outcomes.set(session.identifier, { ok: false, error: err.message });
      }
    }
    for (const name of pending) {
      let request;
      try {
        request = JSON.parse(fs.readFileSync(path.join(p.requests, name), 'utf8'));
      } catch {
        continue;
      }
      const failures = request.sessions
        .map((id) => [id, outcomes.get(id)])
        .filter(([, o]) => !o || !o.ok)
        .map(([id, o]) => `${id}: ${o ? o.error : 'session no longer exists'}`);
      answer(name, failures.length ? { ok: false, error: failures.join('; ') } : { ok: true });
    }
    await delay(pollMs);
  }
  log('daemon stopping');
  fs.rmSync(p.daemonState, { force: true });
}

main().catch((err) => {
  log(`daemon failed: ${err.stack}`);
  process.exit(1);
});
