// The `mountbench` command as one plain-JavaScript file, out/cli/index.js, for the npm package
// (docs/cli.md): Node 20+, CommonJS so bin/mountbench.js can `require` it, the JSON it imports
// (published figures, bench image) inlined. Only package.json "dependencies" stay outside the bundle:
// they are what `npm install` of the package brings, and everything else the CLI imports must be in
// the file, since a package install has no devDependencies.
import { builtinModules } from 'node:module';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import pkg from './package.json';
import { buildCommit } from './src/core/build-commit';

const runtimeDeps = Object.keys(pkg.dependencies);
const isExternal = (id: string): boolean =>
  id.startsWith('node:') ||
  builtinModules.includes(id) ||
  runtimeDeps.some((dep) => id === dep || id.startsWith(`${dep}/`));

export default defineConfig({
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
    rolldownOptions: {
      external: isExternal,
      output: { format: 'cjs', entryFileNames: 'index.js' },
    },
  },
});
