// The transport contract over the WebSocket of `mountbench serve`, end to end: the real serve
// server on 127.0.0.1 with the real core, and the dashboard's own ws-client over a real socket.
import { WebSocket } from 'ws';
import { createCoreApi } from '../../src/core/app/core-api';
import { startServeServer } from '../../src/server/serve-server';
import type { IpcResult } from '../../src/shared/ipc-bridge';
import { WS_PATH, type WsReply } from '../../src/shared/ws-protocol';
import { transportContract } from './transport-contract';
import { nodeWsClient } from './transport-contract-node-socket';
import { fixtureRendererDir } from './transport-contract-renderer';

/** One message on its own connection, answered by id, as a hand-written client would send it. */
function rawCall(
  origin: string,
  token: string,
  channel: string,
  args: unknown[],
): Promise<IpcResult<unknown>> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${origin.replace(/^http/, 'ws')}${WS_PATH}?token=${token}`, { origin });
    socket.on('open', () => socket.send(JSON.stringify({ id: 'raw-1', channel, args, token })));
    socket.on('message', (data) => {
      const reply = JSON.parse(data.toString()) as WsReply | { event: unknown };
      if (!('id' in reply) || reply.id !== 'raw-1') return;
      socket.close();
      resolve(reply.ok ? { ok: true, value: reply.value } : { ok: false, error: reply.error });
    });
    socket.on('error', reject);
  });
}

transportContract({
  name: 'websocket',
  async start({ dataDir, cacheDir, env }) {
    const core = createCoreApi({ transport: 'websocket', dataDir, cacheDir, env });
    const renderer = fixtureRendererDir();
    const server = await startServeServer({ api: core, rendererDir: renderer.path });
    const client = nodeWsClient(server.origin, server.token);
    return {
      api: client,
      raw: (channel, args) => rawCall(server.origin, server.token, channel, args),
      async stop() {
        client.close();
        await server.close();
        await core.shutdown();
        renderer.remove();
      },
    };
  },
});
