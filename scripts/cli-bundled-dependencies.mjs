// Runtime dependencies the CLI bundle (vite.cli.config.ts) carries inside out/cli/index.js instead of
// leaving them to `npm install`, and that the package's manifest (pack-cli.mjs) therefore does not
// list: all of them, so installing the package installs and runs nothing else.
// - dockerode brings ssh2 (an install script), cpu-features (node-gyp) and protobufjs (a
//   postinstall), which npm 10 runs on every install of the package; bundled, they are plain
//   JavaScript. Their native speed-ups are optional (ssh2 loads each in a try/catch), so the bundle
//   works the same without them.
// - commander, ws, yaml and zod: loaded from node_modules, every start resolved and compiled them
//   apart, 0.26-0.33 s of CPU a `mountbench --version` against 0.20-0.22 s bundled (docs/cli.md).
// Their licences go beside the bundle (out/cli/licenses.md, vite.cli.config.ts).
export const CLI_BUNDLED_DEPENDENCIES = ['commander', 'dockerode', 'ws', 'yaml', 'zod'];
