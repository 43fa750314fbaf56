// The `orb` stand-in: OrbStack's CLI as far as Mountbench uses it (version, status, start, stop).
'use strict';

const { fail, runMain } = require('./common.cjs');
const orb = require('./orbstack.cjs');

const HELP = `STAND-IN orb for Mountbench's tests (test/stand-ins/README.md), emulating OrbStack's CLI.

Usage:
  orb [command]

Commands:
  start      Start OrbStack
  status     Show OrbStack status
  stop       Stop OrbStack
  version    Show version information
`;

runMain(async () => {
  const [command] = process.argv.slice(2);
  const env = process.env;
  if (!command || ['help', '--help', '-h'].includes(command)) {
    process.stdout.write(HELP);
    return 0;
  }
  if (!orb.orbInstalled(env)) fail('orb: OrbStack is not installed (stand-in: ~/.orbstack does not exist)');
  switch (command) {
    case 'version':
      process.stdout.write(
        `Version: ${orb.orbVersion(env)} (Mountbench stand-in)\nCommit: 0000000000000000000000000000000000000000\n`,
      );
      return 0;
    case 'status': {
      const state = orb.orbState(env);
      process.stdout.write(
        `${state.status === 'running' ? 'Running' : state.status === 'starting' ? 'Starting' : 'Stopped'}\n`,
      );
      return 0;
    }
    case 'start': {
      if (orb.orbState(env).status === 'running') return 0;
      const result = await orb.startOrb(env);
      if (result.status !== 'running') fail(`orb: ${result.message ?? 'failed to start'}`);
      return 0;
    }
    case 'stop':
      await orb.stopOrb(env);
      return 0;
    default:
      fail(`orb: unknown command "${command}"`);
  }
  return 1;
});
