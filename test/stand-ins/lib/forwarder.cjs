// The Docker socket a "running" stand-in product exposes at the product's real path under HOME.
// Every connection is piped byte for byte to the real engine's socket, so pings, image pulls,
// attach/exec streams and bench containers work for real through the product's socket.
'use strict';

const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const { relay } = require('./socket-relay.cjs');

function engineSocket(env = process.env) {
  return env.STANDIN_ENGINE_SOCKET || '/var/run/docker.sock';
}

/**
 * Listens on `listenPath` and forwards to `targetPath`; resolves once listening. `bindFsType` is the
 * filesystem a bind mount shows inside containers on the real product (`fakeowner`, `9p`,
 * `fuse.sshfs`…): the real engine behind the socket cannot show it, so it is written next to the
 * socket as `<socket>.fstype` for tests that need to know what the product would have shown.
 */
function createForwarder(listenPath, targetPath, { bindFsType = null } = {}) {
  fs.mkdirSync(path.dirname(listenPath), { recursive: true });
  fs.rmSync(listenPath, { force: true });
  const fsTypeFile = `${listenPath}.fstype`;
  const sockets = new Set();
  // Half-closes pass through, as the products' own forwards let them (socket-relay.cjs).
  const server = net.createServer({ allowHalfOpen: true }, (client) => {
    const upstream = net.connect({ path: targetPath, allowHalfOpen: true });
    sockets.add(client);
    sockets.add(upstream);
    relay(client, upstream, () => {
      sockets.delete(client);
      sockets.delete(upstream);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPath, () => {
      server.off('error', reject);
      if (bindFsType) fs.writeFileSync(fsTypeFile, `${bindFsType}\n`);
      else fs.rmSync(fsTypeFile, { force: true });
      resolve({
        path: listenPath,
        close: () =>
          new Promise((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => {
              fs.rmSync(listenPath, { force: true });
              fs.rmSync(fsTypeFile, { force: true });
              done();
            });
          }),
      });
    });
  });
}

module.exports = { createForwarder, engineSocket };
