// STAND-IN for the engine socket of Docker Desktop as far as its identity goes: every connection is
// piped to the real engine, except one whose first request is `GET …/info`, which is answered with
// the real engine's info plus the label Docker Desktop adds, `com.docker.desktop.address`, naming
// the stand-in of Docker Desktop's own API (desktop-file-shares-api.cjs).
'use strict';

const fs = require('node:fs');
const http = require('node:http');
const net = require('node:net');
const { engineSocket } = require('./forwarder.cjs');
const { relay } = require('./socket-relay.cjs');

function realInfo(target) {
  return new Promise((resolve, reject) => {
    const req = http.request({ socketPath: target, path: '/info', method: 'GET' }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function startDesktopEngine({ socketPath, desktopAddress, target = engineSocket() }) {
  fs.rmSync(socketPath, { force: true });
  const sockets = new Set();
  // Half-closes pass through, as Docker Desktop's socket lets them (socket-relay.cjs).
  const server = net.createServer({ allowHalfOpen: true }, (client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.once('data', (first) => {
      const line = first.toString('latin1').split('\r\n', 1)[0];
      if (/^GET (\/v[0-9.]+)?\/info(\?| )/.test(line)) {
        realInfo(target)
          .then((info) => {
            const labels = Array.isArray(info.Labels) ? info.Labels : [];
            const body = JSON.stringify({
              ...info,
              Labels: [...labels, `com.docker.desktop.address=${desktopAddress}`],
            });
            client.end(
              `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
            );
          })
          .catch(() => client.destroy());
        return;
      }
      const upstream = net.connect({ path: target, allowHalfOpen: true });
      sockets.add(upstream);
      upstream.write(first);
      relay(client, upstream, () => sockets.delete(upstream));
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () =>
      resolve({
        socketPath,
        close: () =>
          new Promise((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => {
              fs.rmSync(socketPath, { force: true });
              done();
            });
          }),
      }),
    );
  });
}

module.exports = { startDesktopEngine };
