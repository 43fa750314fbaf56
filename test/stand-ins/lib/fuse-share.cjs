// A stand-in product's file share, made real: the local engine behind the product's socket sees host
// folders natively (ext4), where the real product serves them through a FUSE file system in its VM.
// For the settings whose real share is FUSE (Docker Desktop's gRPC FUSE and osxfs), bindfs is
// mounted over the shared folder with the same FUSE subtype, so a container's bind mount of it
// shows the fs type the real product shows and every file operation really crosses a user-space
// daemon. The speed is bindfs's on this machine, not the product's: a stand-in, never a figure.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

/**
 * bindfs options per fs type shown in a container. osxfs gets FUSE's caches off (attributes,
 * names, page cache) and gRPC FUSE keeps file contents cached across opens (`kernel_cache`: every
 * write goes through this same mount, so nothing changes under the cache): a share slower than the
 * other on every file operation, so a sweep of the two settings has a difference to find even on a
 * busy machine (reading 400 files of 4 KiB five times: 51-77 ms against 350-454 ms; without
 * kernel_cache, 110-203 ms, and a loaded full check once measured the pair 1.35x apart, undecided).
 * No product's relative speed is encoded here.
 */
const SHARES = {
  'fuse.grpcfuse': ['-o', 'subtype=grpcfuse,kernel_cache'],
  'fuse.osxfs': ['-o', 'subtype=osxfs,attr_timeout=0,entry_timeout=0,direct_io'],
};

function canFake(fsType) {
  return Object.hasOwn(SHARES, fsType);
}

/** /proc/mounts escapes space, tab, newline and backslash in paths as octal. */
function unescapeMountPath(field) {
  return field.replace(/\\([0-7]{3})/g, (_, octal) => String.fromCharCode(Number.parseInt(octal, 8)));
}

/** The folder as /proc/mounts names it: its parent resolved (the folder itself may be a dead FUSE mount). */
function canonical(dir) {
  const absolute = path.resolve(dir);
  try {
    return path.join(fs.realpathSync(path.dirname(absolute)), path.basename(absolute));
  } catch {
    return absolute;
  }
}

/** FUSE mounts at `dir` or below it, deepest first. */
function fuseMountsAt(dir) {
  if (process.platform !== 'linux') return [];
  const root = canonical(dir);
  const prefix = root.endsWith('/') ? root : `${root}/`;
  let text = '';
  try {
    text = fs.readFileSync('/proc/mounts', 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .map((line) => line.split(' '))
    .filter((f) => f.length > 2 && f[2].startsWith('fuse'))
    .map((f) => unescapeMountPath(f[1]))
    .filter((p) => p === root || p.startsWith(prefix))
    .sort((a, b) => b.length - a.length);
}

function tryRun(cmd, args) {
  try {
    execFileSync(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'], timeout: 10_000 });
    return null;
  } catch (err) {
    return `${cmd} ${args.join(' ')}: ${String(err.stderr ?? err.message).trim()}`;
  }
}

/**
 * Unmounts every FUSE mount at or below `dir` (stacked ones too). A mount still in use (a
 * container's bind mount, an open file) is detached lazily: it leaves the tree at once and ends
 * when its last user does. Throws when one is still there.
 */
function unmountShares(dir) {
  const errors = [];
  for (let round = 0; round < 8; round++) {
    const mounts = fuseMountsAt(dir);
    if (mounts.length === 0) return;
    for (const mount of mounts) {
      const tries = [
        ['fusermount3', ['-u', mount]],
        ['fusermount', ['-u', mount]],
        ['umount', [mount]],
        ['fusermount3', ['-uz', mount]],
        ['umount', ['-l', mount]],
      ];
      for (const [cmd, args] of tries) {
        const error = tryRun(cmd, args);
        if (!error) break;
        errors.push(error);
      }
    }
  }
  if (fuseMountsAt(dir).length) throw new Error(`stand-in: could not unmount ${dir}: ${errors.join('; ')}`);
}

/** Mounts bindfs over `dir` itself, showing `fsType`; a stale share there is removed first. */
function mountShare(dir, fsType) {
  if (!canFake(fsType)) throw new Error(`stand-in: no FUSE share imitates ${fsType}`);
  // Unmount first: over a dead FUSE mount mkdir fails (ENOTCONN), and the app would never start.
  unmountShares(dir);
  fs.mkdirSync(dir, { recursive: true });
  const error = tryRun('bindfs', [...SHARES[fsType], dir, dir]);
  if (error) throw new Error(`stand-in: bindfs could not share ${dir} as ${fsType} (${error})`);
  return { dir, fsType };
}

module.exports = { SHARES, canFake, fuseMountsAt, mountShare, unmountShares };
