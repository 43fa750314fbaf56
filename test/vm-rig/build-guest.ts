// Builds (or finds in the cache) the rig's guest by running build-guest.sh, which holds every step.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

export interface Guest {
  dir: string;
  rootfs: string;
  kernel: string;
  initrd: string;
  /** The rig's private key; root in the guest accepts only it. */
  key: string;
  /** Seconds this call took: the build's, or well under one for a cached guest. */
  seconds: number;
  /** False when the guest came from the cache. */
  built: boolean;
}

let cached: Promise<Guest> | null = null;

export function buildGuest(): Promise<Guest> {
  cached ??= new Promise<Guest>((resolve, reject) => {
    const started = Date.now();
    const child = spawn('bash', [join(__dirname, 'build-guest.sh')], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-8000)));
    child.on('error', reject);
    child.on('close', (code) => {
      const dir = stdout.trim().split('\n').pop() ?? '';
      if (code !== 0 || !dir) return reject(new Error(`build-guest.sh failed (${code}): ${stderr}`));
      const built = !stderr.includes('cached guest');
      const seconds = Math.round((Date.now() - started) / 100) / 10;
      // Printed here, by whichever VM file asks first, so CI's output always holds the build's time.
      console.log(`vm rig: guest ${built ? 'built' : 'found in the cache'} in ${seconds} s`);
      resolve({
        dir,
        rootfs: join(dir, 'rootfs.img'),
        kernel: join(dir, 'vmlinuz'),
        initrd: join(dir, 'initrd.img'),
        key: join(dir, 'id_ed25519'),
        seconds,
        built,
      });
    });
  });
  cached.catch(() => (cached = null));
  return cached;
}
