// The cold-cache helper's image for tests on a machine that cannot pull the pinned one: built here
// from the host's static BusyBox (as scripts/build-offline-image.sh does), and named by its id, the
// only way MOUNTBENCH_HELPER_IMAGE takes a local image.
import { execFileSync } from 'node:child_process';
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from './support';

let built: string | undefined;

/** The id (`sha256:…`) of a BusyBox image built for this test process. */
export function testHelperImage(): string {
  if (built) return built;
  const context = tempDir('helper-image');
  try {
    copyFileSync('/bin/busybox', join(context.path, 'busybox'));
    writeFileSync(
      join(context.path, 'Dockerfile'),
      'FROM scratch\nCOPY busybox /bin/busybox\nRUN ["/bin/busybox", "--install", "-s", "/bin"]\nLABEL mountbench.test=helper-image\n',
    );
    const out = execFileSync('docker', ['build', '-q', context.path], {
      encoding: 'utf8',
      timeout: 120_000,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    built = out.trim().split('\n').pop() as string;
    if (!/^sha256:[0-9a-f]{64}$/.test(built)) throw new Error(`docker build printed no image id: ${out}`);
    return built;
  } finally {
    context.remove();
  }
}
