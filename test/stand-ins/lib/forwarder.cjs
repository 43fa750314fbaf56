// The Docker socket a "running" stand-in product exposes at the product's real path under HOME.
// Every connection is piped byte for byte to the real engine's socket, so pings, image pulls,
// attach/exec streams and bench containers work for real through the product's socket.
'use strict';

const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');

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
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPath);
    sockets.add(client);
    sockets.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop);
    upstream.on('error', drop);
    client.on('close', drop);
    upstream.on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
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
