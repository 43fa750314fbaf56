// The `limactl` stand-in: instances under `$LIMA_HOME` or `~/.lima` with their real-format
// lima.yaml, and Lima's rules as read in lima-vm/lima (docs/product-facts.md, Lima): `create` from
// the docker template with the flags' yq edits, `edit` refused on a running instance and written in
// place, the drivers' defaults and refused mount types checked at create, edit and start, `start`
// returning once the instance's Docker socket is up, `delete` refused on a running instance without
// --force, `list --json` one object a line with the resolved config. What runs an instance is
// lima-vm-backend.cjs, the one seam for a real VM.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { fail, runMain } = require('./common.cjs');
// STANDIN_LIMA_BACKEND=vm-rig: a real QEMU guest behind each instance (the VM suite, test/vm).
const backend = require(
  process.env.STANDIN_LIMA_BACKEND === 'vm-rig' ? './lima-rig-backend.cjs' : './lima-vm-backend.cjs',
);
const {
  NAME,
  DOCKER_TEMPLATE,
  limaVersion,
  limaHome,
  instanceDir,
  instanceNames,
  readDoc,
  readConfig,
  applyEdits,
  resolve,
  validate,
} = require('./lima-instances.cjs');
const { yaml } = require('./parsed-yaml.cjs');

const HELP = `STAND-IN limactl for Mountbench's tests (test/stand-ins/README.md), emulating Lima's CLI.

Usage:
  limactl [command]

Available Commands:
  create      Create an instance of Lima
  delete      Delete an instance of Lima
  edit        Edit an instance of Lima or a template
  list        List instances of Lima
  start       Start an instance of Lima
  stop        Stop an instance
`;

/** logrus text format, as limactl prints to stderr. */
function say(level, message) {
  process.stderr.write(`${level.toUpperCase().slice(0, 4)}[0000] ${message}\n`);
}
function fatal(message) {
  say('fatal', message);
  process.exit(1);
}

const BOOL = new Set(['tty', 'mount-writable', 'start', 'force', 'f', 'json']);
const STRING = new Set(['name', 'vm-type', 'mount-type', 'format']);
const ARRAY = new Set(['set']);

function parse(argv) {
  const opts = { set: [] };
  const positionals = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('-')) {
      positionals.push(arg);
      continue;
    }
    const [name, inline] = arg.replace(/^--?/, '').split(/=(.*)/s, 2);
    if (BOOL.has(name)) opts[name] = inline === undefined ? true : inline !== 'false';
    else if (STRING.has(name)) opts[name] = inline ?? argv[++i];
    else if (ARRAY.has(name)) opts[name].push(inline ?? argv[++i]);
    else fatal(`unknown flag: ${arg.split('=')[0]}`);
  }
  return { opts, positionals };
}

function editsFrom(opts) {
  return {
    vmType: opts['vm-type'],
    mountType: opts['mount-type'],
    mountWritable: opts['mount-writable'] === true,
    set: opts.set,
  };
}

function existing(name) {
  if (!name || !NAME.test(name)) fatal(`invalid instance name ${JSON.stringify(name ?? '')}`);
  const dir = instanceDir(name);
  if (!fs.existsSync(path.join(dir, 'lima.yaml')))
    fatal(`instance "${name}" does not exist, run \`limactl create ${name}\` to create a new instance`);
  return dir;
}

function create(argv) {
  const { opts, positionals } = parse(argv);
  const template = positionals[0] ?? 'template:default';
  if (template !== 'template:docker' && template !== 'template://docker')
    fatal(`STAND-IN limactl knows only the docker template, not ${template}`);
  const name = opts.name ?? 'docker';
  if (!NAME.test(name)) fatal(`instance name ${JSON.stringify(name)} is invalid`);
  const dir = instanceDir(name);
  if (fs.existsSync(dir)) fatal(`instance "${name}" already exists (${dir})`);
  const doc = yaml().parseDocument(DOCKER_TEMPLATE);
  try {
    applyEdits(doc, editsFrom(opts));
  } catch (err) {
    fatal(err.message);
  }
  const problem = validate(resolve(dir, doc.toJS() ?? {}));
  if (problem) fatal(problem);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'lima.yaml'), doc.toString());
  fs.writeFileSync(path.join(dir, 'lima-version'), limaVersion(), { mode: 0o444 });
  say('info', `Instance "${name}" created`);
  return 0;
}

function edit(argv) {
  const { opts, positionals } = parse(argv);
  const name = positionals[0];
  const dir = existing(name);
  if (backend.status(dir) === 'Running') fatal('cannot edit a running instance');
  const file = path.join(dir, 'lima.yaml');
  const before = fs.readFileSync(file, 'utf8');
  const doc = readDoc(dir);
  try {
    applyEdits(doc, editsFrom(opts));
  } catch (err) {
    fatal(err.message);
  }
  const after = doc.toString();
  if (after === before) {
    say('info', 'Aborting, no changes made to the instance');
    return 0;
  }
  const problem = validate(resolve(dir, doc.toJS() ?? {}));
  if (problem) fatal(problem);
  // cmd/limactl/edit.go: os.WriteFile, in place.
  fs.writeFileSync(file, after);
  say('info', `Instance "${name}" configuration edited`);
  return opts.start ? start([name]) : 0;
}

async function start(argv) {
  const { positionals } = parse(argv);
  const name = positionals[0];
  const dir = existing(name);
  if (backend.status(dir) === 'Running') {
    say(
      'info',
      `The instance "${name}" is already running. Run \`limactl shell ${name}\` to open the shell.`,
    );
    return 0;
  }
  const config = resolve(dir, readConfig(dir));
  const problem = validate(config);
  if (problem) fatal(problem);
  say('info', `Starting the instance "${name}" with internal VM driver "${config.vmType}"`);
  const result = await backend.boot(dir, config, { watchDir: limaHome() });
  if (result.status !== 'running')
    fatal(result.message ?? 'did not receive an event with the "running" status');
  say('info', 'READY. Run `lima` to open the shell.');
  return 0;
}

async function stop(argv) {
  const { opts, positionals } = parse(argv);
  const name = positionals[0];
  const dir = existing(name);
  const now = backend.status(dir);
  if (now !== 'Running' && !(opts.force ?? opts.f)) fatal(`expected status "Running", got "${now}"`);
  say('info', 'Sending SIGINT to hostagent process');
  await backend.halt(dir, { force: Boolean(opts.force ?? opts.f) });
  say('info', `The instance "${name}" has shut down`);
  return 0;
}

async function del(argv) {
  const { opts, positionals } = parse(argv);
  for (const name of positionals) {
    const dir = existing(name);
    const force = Boolean(opts.force ?? opts.f);
    const now = backend.status(dir);
    if (!force && now !== 'Stopped') fatal(`expected status "Stopped", got "${now}" (Hint: try --force)`);
    await backend.halt(dir, { force: true });
    fs.rmSync(dir, { recursive: true, force: true });
    say('info', `Deleted "${name}" (${dir})`);
  }
  return 0;
}

function row(name) {
  const dir = instanceDir(name);
  const config = resolve(dir, readConfig(dir));
  const { createdWith, ...rest } = config;
  return {
    name,
    hostname: `lima-${name}`,
    status: backend.status(dir),
    dir,
    vmType: config.vmType,
    arch: config.arch,
    cpus: config.cpus,
    memory: 4 * 2 ** 30,
    disk: 100 * 2 ** 30,
    config: rest,
    protected: false,
    limaVersion: createdWith,
  };
}

function list(argv) {
  const { opts, positionals } = parse(argv);
  const names = instanceNames().filter((n) => positionals.length === 0 || positionals.includes(n));
  const rows = names.map(row);
  if (opts.json || opts.format === 'json') {
    for (const r of rows) process.stdout.write(`${JSON.stringify(r)}\n`);
    return 0;
  }
  if (rows.length === 0) say('warn', 'No instance found. Run `limactl create` to create an instance.');
  process.stdout.write('NAME       STATUS     VMTYPE    DIR\n');
  for (const r of rows)
    process.stdout.write(`${r.name.padEnd(11)}${r.status.padEnd(11)}${r.vmType.padEnd(10)}${r.dir}\n`);
  return 0;
}

runMain(async () => {
  const [command, ...rest] = process.argv.slice(2);
  switch (command) {
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      process.stdout.write(HELP);
      return 0;
    case '--version':
    case '-v':
      process.stdout.write(`limactl version ${limaVersion()} (Mountbench stand-in)\n`);
      return 0;
    case 'create':
      return create(rest);
    case 'edit':
      return edit(rest);
    case 'start':
      return start(rest);
    case 'stop':
      return stop(rest);
    case 'delete':
    case 'rm':
      return del(rest);
    case 'list':
    case 'ls':
      return list(rest);
    default:
      fail(`Error: unknown command "${command}" for "limactl"\nRun 'limactl --help' for usage.`);
  }
  return 1;
});
