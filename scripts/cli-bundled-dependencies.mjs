// Runtime dependencies the CLI bundle (vite.cli.config.ts) carries inside out/cli/index.js instead of
// leaving them to `npm install`, and that the package's manifest (pack-cli.mjs) therefore does not
// list. dockerode brings ssh2 (an install script), cpu-features (node-gyp) and protobufjs (a
// postinstall), which npm 10 runs on every install of the package; bundled, they are plain
// JavaScript and the install runs no script at all. Their native speed-ups are optional (ssh2 loads
// each in a try/catch), so the bundle works the same without them.
export const CLI_BUNDLED_DEPENDENCIES = ['dockerode'];
