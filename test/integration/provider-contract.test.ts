// Every provider available here passes the one contract (src/core/providers/contract.ts):
// Docker Desktop on its stand-in CLIs (both settings generations, both stop/start routes), and
// the plain Docker Engine for real.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runProviderContract, type ProviderSandbox } from '../../src/core/providers/test-support/contract';
import { dockerDesktopProvider } from '../../src/core/providers/docker-desktop';
import { dockerEngineProvider } from '../../src/core/products/docker-engine-provider';
import { limaProvider } from '../../src/core/providers/lima';
import { providerContext } from '../../src/core/providers/provider-context';
import { observeBindFsType } from '../../src/core/sweep/observe-fs';
import { createStandinSandbox, DD_SETTINGS_DIR, type DockerDesktopFixture } from '../stand-ins/sandbox';
import { docker, image, tempDir } from './support';

function dockerDesktopSandbox(fixture: DockerDesktopFixture, target: string, runningAtStart: boolean) {
  return async (): Promise<ProviderSandbox> => {
    const sb = createStandinSandbox({ dockerDesktop: fixture });
    if (runningAtStart) {
      const started = await sb.run(
        fixture === 'settings-json-4.34' ? 'open' : 'docker',
        fixture === 'settings-json-4.34' ? ['-a', 'Docker'] : ['desktop', 'start'],
      );
      if (started.code !== 0) throw new Error(`stand-in did not start: ${started.stderr}`);
    }
    const ctx = await providerContext({ env: sb.env });
    if (runningAtStart) await dockerDesktopProvider.waitReady(ctx, { timeoutMs: 30_000 });
    const file = fixture === 'settings-json-4.34' ? 'settings.json' : 'settings-store.json';
    return {
      provider: dockerDesktopProvider,
      ctx,
      // config.json (currentContext) is the sweep's to put back (owner docker-cli), not the provider's.
      watchedFiles: [sb.file(...DD_SETTINGS_DIR, file)],
      targetVariant: target,
      // The stand-in writes what the real product's bind mounts would show next to its socket.
      observedFsType: async () =>
        (await readFile(sb.file('.docker', 'run', 'docker.sock.fstype'), 'utf8')).trim(),
      wrongFsType: 'ext4',
      cleanup: () => sb.remove(),
    };
  };
}

runProviderContract(
  'docker-desktop (stand-in), settings-store.json 4.43, quit at start',
  dockerDesktopSandbox('settings-store-json-4.35', 'vz-grpcfuse', false),
);
runProviderContract(
  'docker-desktop (stand-in), settings-store.json 4.43, running at start',
  dockerDesktopSandbox('settings-store-json-4.35', 'qemu-osxfs', true),
);
runProviderContract(
  'docker-desktop (stand-in), settings.json 4.34, app quit/open route',
  dockerDesktopSandbox('settings-json-4.34', 'vz-virtiofs', true),
);

runProviderContract('docker-engine (real engine)', async () => {
  const cache = tempDir('contract-engine');
  const ctx = await providerContext({
    env: { ...process.env, MOUNTBENCH_DATA_DIR: join(cache.path, 'data') },
  });
  return {
    provider: dockerEngineProvider,
    ctx,
    watchedFiles: [],
    targetVariant: 'fuse',
    observedFsType: (variant) =>
      observeBindFsType({
        docker,
        image,
        provider: 'docker-engine',
        variant,
        cacheDir: cache.path,
        probeId: `contract-${process.pid}`,
        signal: new AbortController().signal,
      }),
    wrongFsType: 'ext4',
    cleanup: async () => cache.remove(),
  };
});

/**
 * Lima on its stand-in, with the user's own Docker instance `docker` (QEMU): a QEMU variant edits
 * that instance's mount type, a VZ variant runs on a bench instance of its own.
 */
function limaSandbox(target: string, runningAtStart: boolean, instanceOf: (variant: string) => string) {
  return async (): Promise<ProviderSandbox> => {
    const sb = createStandinSandbox({ limaDocker: true });
    if (runningAtStart) {
      const started = await sb.run('limactl', ['start', 'docker']);
      if (started.code !== 0) throw new Error(`limactl stand-in did not start: ${started.stderr}`);
    }
    return {
      provider: limaProvider,
      ctx: await providerContext({ env: sb.env }),
      // The user's instance's lima.yaml must come back byte for byte.
      watchedFiles: [sb.file('.lima', 'docker', 'lima.yaml'), sb.file('.lima', 'docker', 'lima-version')],
      targetVariant: target,
      observedFsType: async (variant) =>
        (await readFile(sb.file('.lima', instanceOf(variant), 'sock', 'docker.sock.fstype'), 'utf8')).trim(),
      wrongFsType: 'ext4',
      cleanup: () => sb.remove(),
    };
  };
}

runProviderContract(
  "lima (stand-in), reverse-sshfs edited into the user's running QEMU instance",
  limaSandbox('qemu-reverse-sshfs', true, () => 'docker'),
);
runProviderContract(
  "lima (stand-in), 9p at 512 KiB on the user's stopped QEMU instance",
  limaSandbox('qemu-9p-512k-mmap', false, () => 'docker'),
);
runProviderContract(
  'lima (stand-in), VZ + virtiofs on a bench instance of its own',
  limaSandbox('vz-virtiofs', true, () => 'mountbench-vz'),
);
