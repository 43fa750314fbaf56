// The `pmset` and `notifyutil` stand-ins: a Mac's power source, Low Power Mode and thermal state,
// printed as macOS 13–15 prints them (docs/product-facts.md, "A Mac's power and thermal
// conditions", from Apple's pmset.m and notifyutil.c). Only the reads Mountbench makes:
//   pmset -g batt | pmset -g | pmset -g therm | notifyutil -g <key>
// The state comes from the JSON file STANDIN_POWER_FILE (absent: a desktop Mac on AC, no battery,
// no Low Power Mode line, nominal pressure):
//   { "source": "AC Power" | "Battery Power" | "UPS Power",
//     "battery": { "percent": 85, "state": "discharging", "remaining": "3:06" } | null,
//     "lowPowerKey": "lowpowermode" | "powermode" | null, "lowPower": 0 | 1 | 2,
//     "thermalPressure": 0-4, "cpuSpeedLimit": null | 0-100,
//     "after": { "reads": N, "then": { ...the same keys } } }
// `after` changes the state once `pmset -g batt` has been read N times (counted in
// STANDIN_POWER_FILE.reads): a Mac unplugged, or heating up, in the middle of a run.
'use strict';

const fs = require('node:fs');
const { fail, runMain } = require('./common.cjs');

const DESKTOP = {
  source: 'AC Power',
  battery: null,
  lowPowerKey: null,
  lowPower: 0,
  thermalPressure: 0,
  cpuSpeedLimit: null,
};

function readState(countRead) {
  const file = process.env.STANDIN_POWER_FILE;
  if (!file || !fs.existsSync(file)) return DESKTOP;
  const state = { ...DESKTOP, ...JSON.parse(fs.readFileSync(file, 'utf8')) };
  if (!state.after) return state;
  const counter = `${file}.reads`;
  let reads = fs.existsSync(counter) ? Number.parseInt(fs.readFileSync(counter, 'utf8'), 10) || 0 : 0;
  if (countRead) fs.writeFileSync(counter, String(++reads));
  return reads > state.after.reads ? { ...state, ...state.after.then } : state;
}

function batt(state) {
  let out = `Now drawing from '${state.source}'\n`;
  const b = state.battery;
  if (b) {
    // pmset.m: " -<name> (id=<id>)\t<percent>%; <state>; <time> remaining present: true"; no time
    // when the adapter is attached but not charging.
    const time =
      b.state === 'AC attached; not charging' ? '' : `; ${b.remaining ?? '(no estimate)'} remaining`;
    out += ` -InternalBattery-0 (id=4653155)\t${b.percent}%; ${b.state}${time} present: true\n`;
  }
  return out;
}

function settings(state) {
  // pmset.m prints each live setting as " %-20s " and its value, under "Currently in use".
  const row = (name, value) => ` ${name.padEnd(20)} ${value}\n`;
  let out = 'System-wide power settings:\nCurrently in use:\n';
  out += row('standby', 1) + row('hibernatefile', '/var/vm/sleepimage') + row('powernap', 1);
  out += row('disksleep', 10) + row('sleep', 1) + row('hibernatemode', 3) + row('displaysleep', 10);
  if (state.lowPowerKey) out += row(state.lowPowerKey, state.lowPower);
  out += row('tcpkeepalive', 1) + row('womp', 0);
  return out;
}

function therm(state) {
  let out =
    'Note: No thermal warning level has been recorded\nNote: No performance warning level has been recorded\n';
  if (state.cpuSpeedLimit === null || state.cpuSpeedLimit === undefined)
    return `${out}Note: No CPU power status has been recorded\n`;
  // Intel Macs once the CPU was limited: a dated header, then "\t<key> \t= <n>" lines.
  out += '2026-12-07 10:15:02 +0000 CPU Power notify\n';
  out += `\tCPU_Scheduler_Limit \t= 100\n\tCPU_Available_CPUs \t= 8\n\tCPU_Speed_Limit \t= ${state.cpuSpeedLimit}\n`;
  return out;
}

runMain(async () => {
  const tool = require('node:path').basename(process.argv[1]);
  const args = process.argv.slice(2);
  if (tool === 'notifyutil') {
    if (args[0] !== '-g' || !args[1])
      fail('STAND-IN notifyutil for Mountbench tests only runs: notifyutil -g <key>');
    // notifyutil prints "<key> <state>"; a key nobody posts reads 0.
    const level = args[1] === 'com.apple.system.thermalpressurelevel' ? readState(false).thermalPressure : 0;
    process.stdout.write(`${args[1]} ${level}\n`);
    return 0;
  }
  const joined = args.join(' ');
  if (joined === '-g batt' || joined === '-g ps') process.stdout.write(batt(readState(true)));
  else if (joined === '-g') process.stdout.write(settings(readState(false)));
  else if (joined === '-g therm') process.stdout.write(therm(readState(false)));
  else fail('STAND-IN pmset for Mountbench tests only runs: pmset -g [batt|therm]');
  return 0;
});
