// The journal's gate (sweep/owned-files.ts) lets a journal put back only the files its product's
// module owns (`ownedSettingsFiles`). This holds every module to it: for every product in the
// registry and every variant it offers here, each file its `apply` records in the journal is one
// the module owns, under the product's own name. The record is the whole write set: a provider
// writes settings only through settings-files/, which refuses a file with no journal backup. The
// macOS products run on their stand-ins (test/stand-ins), the plain engine on the real engine.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProviderId } from '../../src/shared/ids';
import { Journal, type JournalHandle } from '../../src/core/journal';
import type { ProviderContext } from '../../src/core/providers/provider';
import { providerContext } from '../../src/core/providers/provider-context';
import { MODULES } from '../../src/core/products/registry';
import { createStandinSandbox, type SandboxOptions } from '../stand-ins/sandbox';
import { startPodmanEngine } from './podman-engine';
import { tempDir } from './support';

interface Sandbox {
  ctx: ProviderContext;
  remove(): Promise<void>;
}

function standIn(options: SandboxOptions) {
  return async (): Promise<Sandbox> => {
    const sb = createStandinSandbox(options);
    return { ctx: await providerContext({ env: sb.env }), remove: () => sb.remove() };
  };
}

/** Podman on its stand-in, its machines served by a real Podman engine started for the test. */
async function podmanStandIn(): Promise<Sandbox> {
  const engine = await startPodmanEngine();
  const sb = createStandinSandbox({ podmanMachine: 'applehv', podmanEngineSocket: engine.socket });
  return {
    ctx: await providerContext({ env: sb.env }),
    remove: async () => {
      await sb.remove();
      await engine.stop();
    },
  };
}

/** One home per product (and per settings generation where a product has two files). */
const SANDBOXES: Record<ProviderId, Array<{ name: string; make: () => Promise<Sandbox> }>> = {
  'docker-desktop': [
    { name: 'settings-store.json (4.43)', make: standIn({ dockerDesktop: 'settings-store-json-4.35' }) },
    { name: 'settings.json (4.34)', make: standIn({ dockerDesktop: 'settings-json-4.34' }) },
  ],
  'rancher-desktop': [{ name: 'settings version 16', make: standIn({ rancherDesktop: 16 }) }],
  colima: [{ name: "with the user's default profile", make: standIn({ colimaDefault: true }) }],
  orbstack: [{ name: 'stopped', make: standIn({ orbstack: true }) }],
  lima: [{ name: "with the user's Docker instance", make: standIn({ limaDocker: true }) }],
  podman: [{ name: "with the user's machine", make: podmanStandIn }],
  'docker-engine': [
    {
      name: 'the real engine',
      make: async () => {
        const cache = tempDir('owned-files-engine');
        const ctx = await providerContext({
          env: { ...process.env, MOUNTBENCH_DATA_DIR: join(cache.path, 'data') },
        });
        return { ctx, remove: async () => cache.remove() };
      },
    },
  ],
};

/** The journal, with every `recordFile` call seen on its way through. */
function recording(journal: JournalHandle, seen: Array<{ owner: string; file: string }>): JournalHandle {
  return {
    id: journal.id,
    recordFile: (owner, file) => {
      seen.push({ owner, file });
      return journal.recordFile(owner, file);
    },
    recordState: (owner, key, value) => journal.recordState(owner, key, value),
    step: (owner, phase, action, detail) => journal.step(owner, phase, action, detail),
    originals: (owner) => journal.originals(owner),
  };
}

async function digest(file: string): Promise<string | null> {
  const bytes = await readFile(file).catch(() => null);
  return bytes && createHash('sha256').update(bytes).digest('hex');
}

describe('every file a product applies is one its module owns', () => {
  let sandbox: Sandbox | undefined;
  afterEach(async () => {
    await sandbox?.remove();
    sandbox = undefined;
  });

  it('has a sandbox for every module in the registry', () => {
    for (const module of MODULES) expect(SANDBOXES[module.id]?.length ?? 0, module.id).toBeGreaterThan(0);
  });

  for (const module of MODULES) {
    for (const { name, make } of SANDBOXES[module.id]) {
      it(`${module.id} (${name}): each variant's apply writes only owned files`, async () => {
        sandbox = await make();
        const { ctx } = sandbox;
        const provider = module.provider;
        const owned = module.ownedSettingsFiles(ctx);
        const variants = (await provider.listVariants(ctx)).filter((v) => v.available);
        expect(variants.length, 'variants offered here').toBeGreaterThan(0);
        let changedOwned = 0;
        for (const variant of variants) {
          const before = await Promise.all(owned.map(digest));
          const seen: Array<{ owner: string; file: string }> = [];
          const journal = await Journal.create(ctx.dataDir, `owned files ${module.id} ${variant.id}`);
          try {
            const handle = recording(journal, seen);
            await provider.captureOriginals(ctx, handle);
            await provider.apply(ctx, variant.id, handle);
            // As a switch does: a product started by its apply (rdctl start returns before the
            // app has written its settings) has taken the setting only once it is ready.
            await provider.waitReady(ctx);
            for (const { owner, file } of seen) {
              expect(owner, `${variant.id}: ${file}`).toBe(module.id);
              expect(owned, `${variant.id} records ${file}`).toContain(file);
            }
            const after = await Promise.all(owned.map(digest));
            changedOwned += after.filter((d, i) => d !== before[i]).length;
            await provider.restore(ctx, journal.originals(module.id), handle);
            await journal.finish('restored');
          } finally {
            await journal.close();
          }
        }
        // A product that owns files writes at least one of them for some variant: the check above
        // then saw real writes, not an empty journal.
        if (owned.length) expect(changedOwned, 'owned files changed by some apply').toBeGreaterThan(0);
      }, 240_000);
    }
  }
});
