// Where a test run's Node CPU goes, process by process: loaded into every Node process of the run
// (NODE_OPTIONS="--require <this file>", inherited by the CLI children and the stand-in CLIs), it
// appends one line per process as it exits to the file NODE_CPU_LOG names: pid, parent pid, CPU
// seconds, wall seconds and the command line (cut at 300 characters). A process killed by a signal
// (a fault-injection kill point) writes nothing; its children do. Summed by node-cpu-summary.mjs
// (docs/development.md, "The full check's time").
'use strict';

const fs = require('node:fs');

const log = process.env.NODE_CPU_LOG;
if (log) {
  const began = Date.now();
  process.on('exit', () => {
    try {
      const cpu = process.cpuUsage();
      const line = [
        process.pid,
        process.ppid,
        ((cpu.user + cpu.system) / 1e6).toFixed(3),
        ((Date.now() - began) / 1000).toFixed(2),
        process.argv
          .slice(1)
          .join(' ')
          .replace(/[\t\n]/g, ' ')
          .slice(0, 300),
      ].join('\t');
      fs.appendFileSync(log, `${line}\n`);
    } catch {
      // Measuring must never change how the process ends.
    }
  });
}
