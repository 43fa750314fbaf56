import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { buildCommit } from './src/core/build-commit';

// Packages the main process must load from node_modules at run time instead of bundling:
// dockerode pulls in ssh2, whose optional native `cpu-features` addon cannot be bundled.
// `externalizeDeps` already covers everything in package.json "dependencies"; the transitive
// names are listed too so a future inline import of ssh2 cannot drag the addon into the bundle.
const MAIN_EXTERNALS = ['ssh2', 'cpu-features'];

export default defineConfig({
  main: {
    // The commit result files carry (src/core/app-version.ts), fixed when the app is built.
    define: { __MOUNTBENCH_COMMIT__: JSON.stringify(buildCommit(__dirname)) },
    build: {
      externalizeDeps: { include: MAIN_EXTERNALS },
      rolldownOptions: {
        // worker: the core's worker threads (a large run file's summary, a team dataset's
        // checks; src/core/worker-entry.ts). Main's index.js starts the app when loaded, so the
        // workers need an entry of their own; main names it at start-up (setWorkerEntry).
        input: {
          index: resolve(__dirname, 'src/main/index.ts'),
          worker: resolve(__dirname, 'src/core/worker-entry.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload can only `require` electron and a few built-ins, so it is bundled whole
      // (nothing externalized) and emitted as CommonJS: sandboxed preloads cannot be ES modules.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].js' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    plugins: [react()],
    build: {
      rolldownOptions: {
        input: { index: resolve(__dirname, 'src/renderer/index.html') },
      },
    },
  },
});
