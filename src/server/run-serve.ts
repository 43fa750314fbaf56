// The `mountbench serve` process: one core (as the desktop app has), unfinished settings journals
// restored and leftovers of crashed runs removed first, the server started, and on Ctrl-C, SIGTERM
// or SIGHUP (a closed terminal) the runs cancelled and cleaned up before it exits. Runs belong to
// the process, not to a page: a reload finds them in runs.active().
import { startCore } from '../core/app/start-up';
import { onStopSignals } from '../shared/stop-signals';
import { openBrowser } from './open-browser';
import { findRendererDir } from './renderer-dir';
import { checkServeHost, checkServePort, startServeServer } from './serve-server';

export interface ServeFlags {
  port: number;
  host: string;
  open: boolean;
}

function nextStopSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    // A second signal while cleaning up means "now": leave the rest to `mountbench cleanup`.
    onStopSignals(resolve, () => process.exit(130));
  });
}

export async function runServe(
  flags: ServeFlags,
  out: NodeJS.WritableStream = process.stdout,
  err: NodeJS.WritableStream = process.stderr,
): Promise<void> {
  // Every refusal before touching the engine: bad flags, no built dashboard.
  checkServeHost(flags.host);
  checkServePort(flags.port);
  const rendererDir = findRendererDir();
  const stopped = nextStopSignal();

  // As the desktop app does: a sweep or apply that crashed left another product's settings changed;
  // they are put back before the server opens, and said here and in the dashboard's notices.
  const { api, ready } = startCore({
    transport: 'websocket',
    onRestored: (note) => err.write(`mountbench: ${note}\n`),
    log: (line) => err.write(`mountbench: ${line}\n`),
  });
  await ready;
  const server = await startServeServer({
    api,
    rendererDir,
    port: flags.port,
    host: flags.host,
    onRefusal: (what) => err.write(`mountbench: refused ${what}\n`),
  });
  out.write(`Mountbench dashboard: ${server.url}\n`);
  err.write(
    'Open the address above in a browser on this machine; it holds the key to this server, so do not share it.\n' +
      'Ctrl-C stops the server and cancels any run.\n',
  );
  // The browser's command line is readable by every local user: it gets a one-time code, not the token.
  if (flags.open) openBrowser(server.oneTimeUrl(), (message) => err.write(`mountbench: ${message}\n`));

  const signal = await stopped;
  err.write(`\n${signal}: stopping; cancelling runs and cleaning up…\n`);
  await server.close();
  await api.shutdown();
  err.write('stopped\n');
}
