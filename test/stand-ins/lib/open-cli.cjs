// The `open` stand-in: only `open -a <App>` for the stand-in products.
'use strict';

const { fail, runMain } = require('./common.cjs');
const { appFor } = require('./mac-apps.cjs');

runMain(async () => {
  const args = process.argv.slice(2);
  const i = args.indexOf('-a');
  if (args.includes('--help') || i < 0 || !args[i + 1]) {
    process.stdout.write(
      'STAND-IN open for Mountbench tests: open -a Docker | "Rancher Desktop" | OrbStack\n',
    );
    return i < 0 ? 1 : 0;
  }
  const app = appFor(args[i + 1]);
  if (!app || !app.open(process.env)) fail(`Unable to find application named '${args[i + 1]}'`);
  return 0;
});
