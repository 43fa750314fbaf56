// The `osascript` stand-in: only `osascript -e 'quit app "<App>"'` for the stand-in products.
'use strict';

const { fail, runMain } = require('./common.cjs');
const { appFor } = require('./mac-apps.cjs');

runMain(async () => {
  const args = process.argv.slice(2);
  const script = args[args.indexOf('-e') + 1] ?? '';
  const m = /^\s*(?:tell (?:application|app) "([^"]+)" to quit|quit (?:application|app) "([^"]+)")\s*$/i.exec(
    script,
  );
  if (!m)
    fail(
      'STAND-IN osascript for Mountbench tests only runs: quit app "Docker" | "Rancher Desktop" | "OrbStack"',
    );
  const app = appFor(m[1] ?? m[2]);
  if (app) app.quit(process.env);
  return 0;
});
