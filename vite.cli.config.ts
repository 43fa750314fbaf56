// The `mountbench` command as one plain-JavaScript file, out/cli/index.js, for the npm package
// (docs/cli.md): Node 20+, CommonJS so bin/mountbench.js can `require` it, the JSON it imports
// (published figures, bench image) inlined, and the runtime "dependencies" inside it
// (scripts/cli-bundled-dependencies.mjs), with their licences beside it in out/cli/licenses.md. A
// dependency left off that list stays outside the bundle, for `npm install` of the package to bring.
import { builtinModules } from 'node:module';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import pkg from './package.json';
import { CLI_BUNDLED_DEPENDENCIES } from './scripts/cli-bundled-dependencies.mjs';
import { buildCommit } from './src/core/build-commit';

// Which dependencies are bundled, and why: scripts/cli-bundled-dependencies.mjs.
const BUNDLED_DEPENDENCIES: string[] = CLI_BUNDLED_DEPENDENCIES;
/** Native add-ons the bundled code loads in a try/catch: a module that throws instead, so the catch runs. */
const OPTIONAL_NATIVE = (id: string): boolean => id.endsWith('.node') || id === 'cpu-features';
const ABSENT_NATIVE = '\0mountbench-absent-native';

const runtimeDeps = Object.keys(pkg.dependencies).filter((dep) => !BUNDLED_DEPENDENCIES.includes(dep));
const isExternal = (id: string): boolean =>
  id.startsWith('node:') ||
  builtinModules.includes(id) ||
  runtimeDeps.some((dep) => id === dep || id.startsWith(`${dep}/`));

export default defineConfig({
  plugins: [
    {
      name: 'mountbench-absent-native',
      enforce: 'pre',
      resolveId: (id: string) => (OPTIONAL_NATIVE(id) ? ABSENT_NATIVE : null),
      load: (id: string) =>
        id === ABSENT_NATIVE
          ? "throw new Error('optional native add-on: not part of the mountbench package');"
          : null,
    },
  ],
  define: { __MOUNTBENCH_COMMIT__: JSON.stringify(buildCommit(__dirname)) },
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: resolve(__dirname, 'src/cli/index.ts'),
    outDir: resolve(__dirname, 'out/cli'),
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: false,
    copyPublicDir: false,
    // The licence of every package the bundle carries code of: their terms ask for it to travel
    // with the code.
    license: { fileName: 'licenses.md' },
    rolldownOptions: {
      external: isExternal,
      output: { format: 'cjs', entryFileNames: 'index.js' },
    },
  },
});
