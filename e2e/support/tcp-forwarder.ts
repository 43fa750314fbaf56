// A TCP port in front of the engine's unix socket, under the flow's control: the app reaches the
// engine through DOCKER_HOST=tcp://127.0.0.1:PORT, and `cut()` makes the engine go away at once
// (every open connection dropped, new ones refused), as when Docker Desktop quits mid-run.
import { connect, createServer, type Socket } from 'node:net';

export interface TcpForwarder {
  port: number;
  /** How many connections the app opened through it: proof the app talks to the engine through it. */
  connections(): number;
  cut(): Promise<void>;
}

export async function forwardTcpToUnix(socketPath: string): Promise<TcpForwarder> {
  const open = new Set<Socket>();
  let count = 0;
  // Half-open on both sides, as the engine's own socket is: a client that sends an exec's stdin
  // and closes its writing side must still read the output that follows.
  const server = createServer({ allowHalfOpen: true }, (client) => {
    count += 1;
    const engine = connect({ path: socketPath, allowHalfOpen: true });
    for (const side of [client, engine]) {
      open.add(side);
      side.once('close', () => open.delete(side));
      // One side failing ends the pair: the other learns it as the app would from a dead engine.
      side.once('error', () => {
        client.destroy();
        engine.destroy();
      });
    }
    client.pipe(engine);
    engine.pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the forwarder has no TCP port');
  return {
    port: address.port,
    connections: () => count,
    cut: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of open) socket.destroy();
      }),
  };
}
