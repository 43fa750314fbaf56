// STAND-IN for Docker Desktop's own API, the part Docker Compose used for synchronized file shares
// (docs/product-facts.md, "Docker Desktop synchronized file shares"): an HTTP server on a unix
// socket. A created share is listed as `scanning`, then `staging-beta` while the host folder is
// copied into a target folder (the stand-in of the VM's ext4 cache), then `watching`. What it does
// not do: the two-way sync after `watching`, and the `/stream` server-sent events.
'use strict';

const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const { randomBytes } = require('node:crypto');

const ID_LABEL = 'com.docker.desktop.mutagen.file-share.id';

function folderSize(dir) {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) total += folderSize(p);
    else if (entry.isFile()) total += fs.statSync(p).size;
  }
  return total;
}

/**
 * Starts the stand-in on `socketPath`. `active` is what `GET /mutagen/file-shares/config` says
 * (false: the plan lacks the feature or it is off); `targetRoot` is where shares' copies go.
 */
function startFileSharesApi({ socketPath, targetRoot, active = true }) {
  fs.mkdirSync(path.dirname(socketPath), { recursive: true });
  fs.mkdirSync(targetRoot, { recursive: true });
  fs.rmSync(socketPath, { force: true });
  const shares = new Map();
  const requests = [];

  const listed = () =>
    [...shares.values()].map((s) => ({
      identifier: s.identifier,
      alpha: { path: s.hostPath, totalFileSize: s.total },
      beta: { path: s.target, stagingProgress: { totalReceivedSize: s.received } },
      labels: { ...s.labels, [ID_LABEL]: s.id },
      status: s.status,
    }));

  const send = (res, status, body) => {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' });
    res.end(text);
  };

  function create(body) {
    if (!body || typeof body.hostPath !== 'string' || !path.isAbsolute(body.hostPath))
      return [400, 'hostPath must be an absolute path'];
    let stat;
    try {
      stat = fs.statSync(body.hostPath);
    } catch {
      return [400, `${body.hostPath}: no such directory`];
    }
    if (!stat.isDirectory()) return [400, `${body.hostPath} is not a directory`];
    const id = randomBytes(8).toString('hex');
    const share = {
      id,
      identifier: `sync_${id}`,
      hostPath: body.hostPath,
      target: path.join(targetRoot, id),
      labels: body.labels && typeof body.labels === 'object' ? body.labels : {},
      status: 'scanning',
      total: 0,
      received: 0,
    };
    shares.set(id, share);
    // Each phase lasts at least one tick, so a poller can see it.
    setTimeout(() => {
      if (!shares.has(id)) return;
      share.total = folderSize(share.hostPath);
      share.status = 'staging-beta';
      setTimeout(() => {
        if (!shares.has(id)) return;
        fs.cpSync(share.hostPath, share.target, { recursive: true, preserveTimestamps: true });
        share.received = share.total;
        share.status = 'watching';
      }, 50);
    }, 50);
    return [200, { fileShareID: id }];
  }

  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      requests.push(`${req.method} ${req.url}`);
      const url = req.url || '';
      if (req.method === 'GET' && url === '/mutagen/file-shares/config')
        return send(res, 200, { active, compose: { manageBindMounts: true } });
      if (!active) return send(res, 404, 'file shares are not available');
      if (req.method === 'GET' && url === '/mutagen/file-shares') return send(res, 200, listed());
      if (req.method === 'POST' && url === '/mutagen/file-shares') {
        let body = null;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          return send(res, 400, 'invalid JSON');
        }
        const [status, answer] = create(body);
        return send(res, status, answer);
      }
      const del = /^\/mutagen\/file-shares\/([^/]+)$/.exec(url);
      if (req.method === 'DELETE' && del) {
        const id = decodeURIComponent(del[1]);
        const share = shares.get(id);
        if (!share) return send(res, 404, `file share ${id} not found`);
        shares.delete(id);
        fs.rmSync(share.target, { recursive: true, force: true });
        return send(res, 200, '');
      }
      send(res, 404, 'not found');
    });
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      resolve({
        socketPath,
        requests,
        shares: listed,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => {
              fs.rmSync(socketPath, { force: true });
              done();
            });
          }),
      });
    });
  });
}

module.exports = { startFileSharesApi, ID_LABEL };
