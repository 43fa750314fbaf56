// `mountbench serve`: the dashboard in a browser, for headless machines and Playwright. The
// server itself lives in src/server.
import type { Command } from 'commander';
import { parseCount } from '../parse-options';
import { runServe } from '../../server/run-serve';
import { SERVE_HOST } from '../../server/serve-server';

export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description(
      `serve the dashboard on ${SERVE_HOST} (only) with a one-time token in its address; Ctrl-C stops it`,
    )
    .option('--port <n>', 'port to listen on (default: a free one)', '0')
    .option('--host <address>', `address to listen on; only ${SERVE_HOST} is accepted`, SERVE_HOST)
    .option('--open', 'open the address in the default browser')
    .action(async (flags: { port: string; host: string; open?: boolean }) => {
      const port = parseCount('--port', flags.port, { min: 0, max: 65535 });
      await runServe({ port, host: flags.host, open: flags.open === true });
      // The core's engine connections may keep sockets alive; the server is done, so is the process.
      process.exit(process.exitCode ?? 0);
    });
}
