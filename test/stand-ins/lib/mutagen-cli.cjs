// The `mutagen` stand-in: `daemon start|stop`, `sync create|list|flush|terminate`, `version`, with
// mutagen's documented rules — names of letters, digits and dashes starting with a letter; labels
// with Kubernetes-style keys and values; `--sync-mode` one of mutagen's four modes; a beta URL
// `docker://[user@]container/path` whose path is absolute (or `~`-relative) and whose container
// runs; an unknown session is an error. Bytes really move (sync-engine.cjs), in the daemon.
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const {
  delay,
  fail,
  listHas,
  pidAlive,
  readJson,
  runMain,
  spawnDetached,
  stopProcess,
  waitFor,
  writeJson,
} = require('./common.cjs');
const { paths, listSessions } = require('./mutagen-state.cjs');
const { MODES, containerRunning } = require('./sync-engine.cjs');

const VERSION = '0.18.1';
const DAEMON = path.join(__dirname, 'mutagen-daemon.cjs');
const env = process.env;
const p = paths(env);

const HELP = `Mutagen ${VERSION} — STAND-IN for Mountbench's tests (test/stand-ins/README.md)

Usage:
  mutagen daemon start|stop
  mutagen sync create <alpha> <beta> [--name N] [--label k=v]... [--sync-mode MODE] [--no-global-configuration]
  mutagen sync list [<session>...] [--label-selector S] [--template '{{ json . }}']
  mutagen sync flush|terminate <session>... | --label-selector S | --all
  mutagen version
`;

function fault(op) {
  if (listHas(env.STANDIN_FAIL, 'mutagen', op))
    fail(`Error: stand-in fault: mutagen ${op} fails (STANDIN_FAIL)`);
}

async function hang(op) {
  if (listHas(env.STANDIN_HANG, 'mutagen', op)) for (;;) await delay(60_000);
}

function daemonPid() {
  const state = readJson(p.daemonState);
  return state && pidAlive(state.pid) ? state.pid : null;
}

async function ensureDaemon() {
  if (daemonPid()) return;
  if (env.MUTAGEN_DISABLE_AUTOSTART === '1')
    fail('Error: unable to connect to daemon: daemon is not running (autostart disabled)');
  fs.mkdirSync(p.root, { recursive: true });
  // mutagen forks its daemon as `mutagen daemon run` (cmd/mutagen/daemon/start.go): the same
  // command line here, so whatever looks for the daemon by it finds this one.
  spawnDetached(DAEMON, ['daemon', 'run'], p.daemonLog, env, 'mutagen');
  if (!(await waitFor(daemonPid, { timeoutMs: 10_000 }))) fail('Error: unable to start the daemon');
}

/** Splits argv into positionals and flags; flags listed in `takes` consume a value. */
function parse(args, takes, bare) {
  const out = { positional: [], flags: {} };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (!arg.startsWith('-')) {
      out.positional.push(arg);
      continue;
    }
    const [raw, inline] = arg.split(/=(.*)/s, 2);
    // `--mode` is the flag's name from mutagen 0.17; `--sync-mode` stays as its alias.
    const name =
      { '-n': '--name', '-l': '--label', '-m': '--sync-mode', '--mode': '--sync-mode' }[raw] ?? raw;
    if (takes.includes(name)) {
      const value = inline ?? args[++i];
      if (value === undefined) fail(`Error: flag needs an argument: ${raw}`);
      (out.flags[name] ??= []).push(value);
    } else if (bare.includes(name)) {
      out.flags[name] = [true];
    } else {
      fail(`Error: unknown flag: ${raw}`);
    }
  }
  return out;
}

const LABEL_KEY =
  /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$/;
const LABEL_VALUE = /^([A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?)?$/;

function parseLabel(text) {
  const at = text.indexOf('=');
  const key = at < 0 ? text : text.slice(0, at);
  const value = at < 0 ? '' : text.slice(at + 1);
  if (!LABEL_KEY.test(key)) fail(`Error: invalid label key: ${key}`);
  if (!LABEL_VALUE.test(value)) fail(`Error: invalid label value for ${key}: ${value}`);
  return [key, value];
}

/** `docker://[user@]container/path`: mutagen's Docker URL. */
function parseDockerUrl(url) {
  const m = /^docker:\/\/(?:([^@/]+)@)?([a-zA-Z0-9][a-zA-Z0-9_.-]*)(\/.*)?$/.exec(url);
  if (!m) fail(`Error: unable to parse beta URL: invalid Docker URL: ${url}`);
  if (!m[3] || m[3] === '/') fail(`Error: unable to parse beta URL: missing path in Docker URL: ${url}`);
  // After the container: `/abs/path` is absolute, `/~/x` home-relative; anything else is refused.
  const raw = m[3];
  const tail = raw.startsWith('/~') ? raw.slice(1) : raw;
  if (!tail.startsWith('/') && !tail.startsWith('~'))
    fail(`Error: unable to parse beta URL: relative path in Docker URL: ${url}`);
  if (tail.split('/').includes('..')) fail(`Error: unable to parse beta URL: path escapes with "..": ${url}`);
  return {
    user: m[1] ?? null,
    container: m[2],
    path: tail.startsWith('~') ? tail.replace(/^~/, '/root') : tail,
  };
}

/** `a=b,c=d`, `a`, `a!=b`: the selector forms mutagen takes from Kubernetes. */
function selectorMatches(selector, labels) {
  return selector
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .every((term) => {
      let m;
      if ((m = /^([^!=]+)!=(.*)$/.exec(term))) return labels[m[1]] !== m[2];
      if ((m = /^([^!=]+)==?(.*)$/.exec(term))) return labels[m[1]] === m[2];
      if (term.startsWith('!')) return !(term.slice(1) in labels);
      return term in labels;
    });
}

function select(parsed) {
  const sessions = listSessions(env);
  if (parsed.flags['--all']) return sessions;
  if (parsed.flags['--label-selector']) {
    const selector = parsed.flags['--label-selector'][0];
    return sessions.filter((s) => selectorMatches(selector, s.labels));
  }
  // As mutagen: a name selects every session that has it; one that matches none is an error.
  const chosen = new Set();
  for (const ref of parsed.positional) {
    const found = sessions.filter((s) => s.identifier === ref || s.name === ref);
    if (found.length === 0)
      fail(`Error: unable to locate requested sessions: specification "${ref}" did not match any sessions`);
    for (const s of found) chosen.add(s);
  }
  return sessions.filter((s) => chosen.has(s));
}

/** Hands the daemon a request and waits for its answer (the cycle after the request). */
async function ask(sessions) {
  await ensureDaemon();
  const id = `${Date.now()}-${crypto.randomBytes(4).toString('hex')}`;
  fs.mkdirSync(p.requests, { recursive: true });
  writeJson(path.join(p.requests, `${id}.request`), { sessions });
  const answerFile = path.join(p.requests, `${id}.answer`);
  const answer = await waitFor(
    () => readJson(answerFile) ?? (daemonPid() ? null : { ok: false, error: 'the daemon stopped' }),
    {
      intervalMs: 20,
    },
  );
  fs.rmSync(answerFile, { force: true });
  return answer;
}

async function create(args) {
  fault('create');
  await hang('create');
  const parsed = parse(args, ['--name', '--label', '--sync-mode'], ['--no-global-configuration']);
  if (parsed.positional.length !== 2) fail('Error: invalid number of endpoint URLs provided');
  const [alphaUrl, betaUrl] = parsed.positional;
  if (alphaUrl.includes('://')) fail('Error: the stand-in takes a local alpha only');
  const name = parsed.flags['--name']?.[0] ?? '';
  if (name && !/^[a-zA-Z][a-zA-Z0-9-]*$/.test(name)) fail(`Error: invalid session name: ${name}`);
  if (name === 'defaults') fail('Error: invalid session name: "defaults" is disallowed as a name');
  const labels = Object.fromEntries((parsed.flags['--label'] ?? []).map(parseLabel));
  const mode = parsed.flags['--sync-mode']?.[0] ?? 'two-way-safe';
  if (!MODES.includes(mode)) fail(`Error: unable to parse synchronization mode: unknown mode "${mode}"`);
  const beta = parseDockerUrl(betaUrl);
  // mutagen records the Docker environment at creation and uses it for the session's life.
  const dockerEnv = Object.fromEntries(
    [
      'DOCKER_HOST',
      'DOCKER_TLS',
      'DOCKER_TLS_VERIFY',
      'DOCKER_CERT_PATH',
      'DOCKER_CONTEXT',
      'DOCKER_CONFIG',
      'DOCKER_API_VERSION',
    ]
      .filter((k) => env[k])
      .map((k) => [k, env[k]]),
  );
  if (!(await containerRunning({ ...env, ...dockerEnv }, beta.container)))
    fail(`Error: unable to connect to beta: container ${beta.container} is not running`);
  await ensureDaemon();
  const identifier = `sync_${crypto.randomBytes(16).toString('hex')}`;
  writeJson(path.join(p.sessions, `${identifier}.json`), {
    identifier,
    name,
    labels,
    mode,
    creationTime: new Date().toISOString(),
    alpha: { protocol: 'local', path: path.resolve(alphaUrl) },
    beta: { protocol: 'docker', container: beta.container, user: beta.user, path: beta.path },
    dockerEnv,
  });
  process.stdout.write(`Created session ${identifier}\n`);
  return 0;
}

function publicView(s) {
  // mutagen's JSON omits an empty name and empty labels (`omitempty`).
  return {
    identifier: s.identifier,
    ...(s.name ? { name: s.name } : {}),
    ...(Object.keys(s.labels).length ? { labels: s.labels } : {}),
    mode: s.mode,
    creationTime: s.creationTime,
    alpha: { protocol: 'local', path: s.alpha.path },
    beta: { protocol: 'docker', host: s.beta.container, path: s.beta.path },
    paused: Boolean(s.paused),
  };
}

async function list(args) {
  fault('list');
  await hang('list');
  const parsed = parse(args, ['--label-selector', '--template'], ['--long', '-l']);
  // With no session named and no selector, mutagen lists every session.
  const sessions =
    parsed.positional.length || parsed.flags['--label-selector'] ? select(parsed) : listSessions(env);
  const template = parsed.flags['--template']?.[0];
  if (template !== undefined) {
    if (!/^\{\{\s*json\s+\.\s*\}\}$/.test(template.trim()))
      fail("Error: the stand-in renders only --template '{{ json . }}'");
    process.stdout.write(`${JSON.stringify(sessions.map(publicView))}\n`);
    return 0;
  }
  const rule = '-'.repeat(40);
  for (const s of sessions) {
    process.stdout.write(
      `${rule}\nName: ${s.name}\nIdentifier: ${s.identifier}\nLabels: ${
        Object.entries(s.labels)
          .map(([k, v]) => `${k}=${v}`)
          .join(', ') || 'None'
      }\n` +
        `Alpha:\n\tURL: ${s.alpha.path}\nBeta:\n\tURL: docker://${s.beta.container}${s.beta.path}\nStatus: Watching for changes\n`,
    );
  }
  process.stdout.write(`${rule}\n`);
  return 0;
}

function needsTarget(parsed, verb) {
  if (!parsed.positional.length && !parsed.flags['--all'] && !parsed.flags['--label-selector'])
    fail(`Error: no sessions specified to ${verb} (name them, or use --label-selector / --all)`);
}

async function flush(args) {
  fault('flush');
  await hang('flush');
  const parsed = parse(args, ['--label-selector'], ['--all', '--skip-wait']);
  needsTarget(parsed, 'flush');
  const sessions = select(parsed);
  const answer = await ask(sessions.map((s) => s.identifier));
  if (!answer.ok) fail(`Error: unable to flush sessions: ${answer.error}`);
  return 0;
}

async function terminate(args) {
  fault('terminate');
  await hang('terminate');
  const parsed = parse(args, ['--label-selector'], ['--all']);
  needsTarget(parsed, 'terminate');
  const sessions = select(parsed);
  for (const s of sessions) fs.rmSync(path.join(p.sessions, `${s.identifier}.json`), { force: true });
  // Wait for a cycle to pass, so the daemon no longer touches the ended sessions' files.
  if (sessions.length && daemonPid()) await ask([]);
  for (const s of sessions) process.stdout.write(`Terminated session ${s.identifier}\n`);
  return 0;
}

async function daemon(args) {
  if (args[0] === 'start') {
    await ensureDaemon();
    return 0;
  }
  if (args[0] === 'stop') {
    const pid = daemonPid();
    if (pid) await stopProcess(pid, { timeoutMs: 10_000 });
    return 0;
  }
  fail(`Error: unknown daemon command: ${args[0] ?? ''}`);
}

async function main() {
  const [command, sub, ...rest] = process.argv.slice(2);
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(HELP);
    return 0;
  }
  if (command === 'version' || command === '--version') {
    process.stdout.write(`${VERSION} (stand-in)\n`);
    return 0;
  }
  if (command === 'daemon') return daemon([sub, ...rest]);
  if (command === 'sync') {
    const run = { create, list, flush, terminate }[sub];
    if (!run) fail(`Error: unknown command "${sub ?? ''}" for "mutagen sync" (stand-in)`);
    return run(rest);
  }
  fail(`Error: unknown command "${command}" for "mutagen" (stand-in)`);
}

runMain(main);
