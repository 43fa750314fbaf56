// The contract every provider passes (docs/architecture.md, "Providers").
// A provider's test file calls runProviderContract with a factory that builds a sandbox home (real
// -format settings files, stand-in CLIs on PATH, or the real local engine for docker-engine).
// Imported only by tests: it uses vitest.
import { promises as fs } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MountbenchError } from '../../../shared/errors';
import { Journal } from '../../journal';
import type { Provider, ProviderContext } from '../provider';

export interface ProviderSandbox {
  provider: Provider;
  ctx: ProviderContext;
  /** Files the provider may change: after restore each must be byte-identical (or still absent). */
  watchedFiles: string[];
  /** An available variant different from the current one; null when the provider has none (orbstack). */
  targetVariant: string | null;
  /**
   * The bind-mount fs type a bench container sees under `variant` once it is applied and ready (for
   * a stand-in: what the real product would show, e.g. the stand-in's `<socket>.fstype`).
   */
  observedFsType(variant: string): Promise<string | null>;
  /** A fs type that no variant of this provider expects (verify must refuse it). */
  wrongFsType: string;
  cleanup(): Promise<void>;
}

async function snapshot(files: string[]): Promise<Map<string, Buffer | null>> {
  const map = new Map<string, Buffer | null>();
  for (const file of files) map.set(file, await fs.readFile(file).catch(() => null));
  return map;
}

async function expectUnchanged(before: Map<string, Buffer | null>): Promise<void> {
  for (const [file, bytes] of before) {
    const now = await fs.readFile(file).catch(() => null);
    expect(now === null ? null : now.toString('utf8'), file).toBe(
      bytes === null ? null : bytes.toString('utf8'),
    );
  }
}

export function runProviderContract(name: string, makeSandbox: () => Promise<ProviderSandbox>): void {
  describe(`provider contract: ${name}`, () => {
    let sb: ProviderSandbox;
    beforeEach(async () => {
      sb = await makeSandbox();
    });
    afterEach(async () => {
      await sb.cleanup();
    });

    it('detects the product without throwing and names itself', async () => {
      const found = await sb.provider.detect(sb.ctx);
      expect(found.id).toBe(sb.provider.id);
      expect(found.installed).toBe(true);
      expect(Array.isArray(found.problems)).toBe(true);
    });

    it('lists unique variants, every unavailable one with a reason', async () => {
      const variants = await sb.provider.listVariants(sb.ctx);
      expect(new Set(variants.map((v) => v.id)).size).toBe(variants.length);
      for (const v of variants) {
        if (!v.available) expect(v.reason, v.id).toMatch(/\S/);
      }
      if (sb.targetVariant) expect(variants.find((v) => v.id === sb.targetVariant)?.available).toBe(true);
    });

    it('plans without changing anything, and refuses an unknown variant', async () => {
      const before = await snapshot(sb.watchedFiles);
      if (sb.targetVariant) {
        const plan = await sb.provider.planApply(sb.ctx, sb.targetVariant);
        expect(plan.variant).toBe(sb.targetVariant);
        expect(plan.estimatedSeconds).toBeGreaterThanOrEqual(0);
      }
      await expect(sb.provider.planApply(sb.ctx, 'no-such-variant')).rejects.toBeInstanceOf(MountbenchError);
      await expectUnchanged(before);
    });

    it('applies a variant, becomes ready, verifies, and restores byte for byte (twice)', async () => {
      const before = await snapshot(sb.watchedFiles);
      const wasRunning = (await sb.provider.detect(sb.ctx)).running;
      const journal = await Journal.create(sb.ctx.dataDir, `contract ${name}`);
      try {
        await sb.provider.captureOriginals(sb.ctx, journal);
        if (sb.targetVariant) {
          await sb.provider.apply(sb.ctx, sb.targetVariant, journal);
          await sb.provider.waitReady(sb.ctx, { timeoutMs: 60_000 });
          const observed = await sb.observedFsType(sb.targetVariant);
          const verdict = await sb.provider.verify(sb.ctx, sb.targetVariant, observed);
          expect(verdict.message ?? '').toBe('');
          expect(verdict.ok).toBe(true);
          // Products with a settings file report the variant they now run.
          if ((await sb.provider.detect(sb.ctx)).settingsFile) {
            expect((await sb.provider.readSettings(sb.ctx)).variant).toBe(sb.targetVariant);
          }
          const wrong = await sb.provider.verify(sb.ctx, sb.targetVariant, sb.wrongFsType);
          expect(wrong.ok).toBe(false);
          expect(wrong.message).toMatch(/\S/);
        }
        await sb.provider.restore(sb.ctx, journal.originals(sb.provider.id), journal);
        await expectUnchanged(before);
        await sb.provider.restore(sb.ctx, journal.originals(sb.provider.id), journal);
        await expectUnchanged(before);
        expect((await sb.provider.detect(sb.ctx)).running).toBe(wasRunning);
        await journal.finish('restored');
      } finally {
        await journal.close();
      }
    });

    it('stops waiting when aborted', async () => {
      const controller = new AbortController();
      controller.abort();
      await expect(
        sb.provider.waitReady(sb.ctx, { signal: controller.signal, timeoutMs: 5_000 }),
      ).rejects.toMatchObject({
        code: 'CANCELLED',
      });
    });
  });
}
