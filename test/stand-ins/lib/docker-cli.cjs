// The `docker` stand-in: `docker desktop start|stop|restart|status|version` are Docker Desktop's
// CLI plugin (4.37+), emulated here; every other command goes to the real docker CLI found later
// on PATH, so `docker ps`, `docker run` and contexts work for real against the real engine.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { fail, knobs, runMain, waitFor } = require('./common.cjs');
const dd = require('./docker-desktop.cjs');

const HELP = `Usage:  docker desktop COMMAND [OPTIONS]

STAND-IN: emulates Docker Desktop's CLI plugin for Mountbench's tests (test/stand-ins/README.md).

Commands:
  restart     Restart Docker Desktop
  start       Start Docker Desktop
  status      Show the status of the Docker Desktop engines
  stop        Stop Docker Desktop
  version     Show the Docker Desktop CLI plugin version information
`;

function realDocker(env) {
  if (env.STANDIN_REAL_DOCKER) return env.STANDIN_REAL_DOCKER;
  const self = fs.realpathSync(process.argv[1]);
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, 'docker');
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.realpathSync(candidate) !== self) return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

function passThrough(args, env) {
  const docker = realDocker(env);
  if (!docker) fail('docker (stand-in): no real docker CLI found later on PATH to pass this command to', 127);
  return new Promise((resolve) => {
    const child = spawn(docker, args, { stdio: 'inherit', env });
    for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
    child.on('exit', (code, signal) => {
      if (['--help', '-h', 'help', '--version', '-v', 'version'].includes(args[0])) {
        process.stderr.write(
          '(this docker is the Mountbench stand-in wrapper: `docker desktop` is emulated)\n',
        );
      }
      resolve(signal ? 128 + (os.constants.signals[signal] ?? 1) : (code ?? 1));
    });
  });
}

function option(args, names) {
  for (let i = 0; i < args.length; i++) {
    for (const name of names) {
      if (args[i] === name) return args[i + 1] ?? '';
      if (args[i].startsWith(`${name}=`)) return args[i].slice(name.length + 1);
    }
  }
  return undefined;
}

function flag(args, names) {
  return args.some((a) => names.includes(a));
}

/** `--timeout 30`, `--timeout 30s`, `--timeout 2m`; 0 or -1 means no timeout. */
function timeoutMs(args) {
  const raw = option(args, ['--timeout']);
  if (raw === undefined) return 0;
  const m = /^(-?\d+)(ms|s|m)?$/.exec(raw);
  if (!m) fail(`Error: invalid --timeout value "${raw}"`);
  const n = Number(m[1]);
  if (n <= 0) return 0;
  return m[2] === 'ms' ? n : m[2] === 'm' ? n * 60_000 : n * 1000;
}

function publicStatus(state) {
  if (state.status === 'error') return 'stopped';
  return state.status;
}

async function status(args, env) {
  const k = knobs(dd.PRODUCT, env);
  if (k.hangs('status')) await new Promise(() => {});
  if (k.fails('status')) fail('Error: cannot reach the Docker Desktop backend (STANDIN_FAIL=status)');
  const state = dd.ddState(env);
  const format = option(args, ['--format']) ?? 'pretty';
  if (format === 'json') {
    process.stdout.write(`${JSON.stringify({ Status: publicStatus(state) })}\n`);
  } else {
    process.stdout.write(`Name                Value\nStatus              ${publicStatus(state)}\n`);
  }
  return 0;
}

function version(args, env) {
  const format = option(args, ['--format', '-f']);
  if (flag(args, ['--short'])) {
    process.stdout.write(`${dd.CLI_PLUGIN_VERSION}\n`);
  } else if (format === 'json') {
    const info = {
      Name: 'desktop',
      Version: dd.CLI_PLUGIN_VERSION,
      DesktopVersion: dd.ddVersion(env),
      StandIn: true,
    };
    process.stdout.write(`${JSON.stringify(info)}\n`);
  } else {
    process.stdout.write(
      `Docker Desktop CLI plugin ${dd.CLI_PLUGIN_VERSION} (stand-in emulating Docker Desktop ${dd.ddVersion(env)})\n`,
    );
  }
  return 0;
}

async function start(args, env) {
  const state = dd.ddState(env);
  if (state.status === 'running') {
    process.stdout.write('Docker Desktop is already running\n');
    return 0;
  }
  if (state.status === 'starting') {
    if (flag(args, ['-d', '--detach'])) return 0;
    const ready = await waitFor(() => ['running', 'error', 'stopped'].includes(dd.ddState(env).status), {
      timeoutMs: timeoutMs(args),
    });
    return ready && dd.ddState(env).status === 'running' ? 0 : 1;
  }
  const detach = flag(args, ['-d', '--detach']);
  const result = await dd.startApp(env, { wait: !detach, timeoutMs: timeoutMs(args) });
  if (result.status === 'timeout') fail('Error: timed out waiting for Docker Desktop to start');
  if (result.status === 'error') fail(`Error: Docker Desktop failed to start: ${result.message}`);
  return 0;
}

async function stop(args, env) {
  const state = dd.ddState(env);
  if (state.status === 'stopped' || state.status === 'error') {
    process.stdout.write('Docker Desktop is not running\n');
    return 0;
  }
  if (knobs(dd.PRODUCT, env).fails('stop')) fail('Error: Docker Desktop failed to stop (STANDIN_FAIL=stop)');
  const stopped = await dd.stopApp(env, {
    wait: !flag(args, ['-d', '--detach']),
    timeoutMs: timeoutMs(args),
    force: flag(args, ['--force', '-f']),
  });
  if (!stopped) fail('Error: timed out waiting for Docker Desktop to stop');
  return 0;
}

async function desktop(args, env) {
  const [command, ...rest] = args;
  if (!command || ['--help', '-h', 'help'].includes(command) || flag(rest, ['--help', '-h'])) {
    process.stdout.write(HELP);
    return 0;
  }
  switch (command) {
    case 'status':
      return status(rest, env);
    case 'version':
      return version(rest, env);
    case 'start':
      return start(rest, env);
    case 'stop':
      return stop(rest, env);
    case 'restart': {
      if (knobs(dd.PRODUCT, env).fails('restart'))
        fail('Error: Docker Desktop failed to restart (STANDIN_FAIL=restart)');
      const stopped = await stop(
        rest.filter((a) => a !== '-d' && a !== '--detach'),
        env,
      );
      return stopped === 0 ? start(rest, env) : stopped;
    }
    default:
      fail(`docker: unknown command: docker desktop ${command}\n\n${HELP}`);
  }
  return 1;
}

runMain(async () => {
  const args = process.argv.slice(2);
  const env = process.env;
  if (args[0] === 'desktop' && dd.hasDesktopCli(env)) return desktop(args.slice(1), env);
  return passThrough(args, env);
});
