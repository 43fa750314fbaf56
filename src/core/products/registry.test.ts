// The registry is the one list of products: every id has exactly one module, and each module
// speaks for the provider it holds.
import { describe, expect, it } from 'vitest';
import { PROVIDER_IDS } from '../../shared/ids';
import { PRODUCT_WORDS } from '../../shared/product-words';
import { shippedPublishedResults } from '../compare/published';
import { PLAIN_ENGINE } from '../vocab/plain-engine-id';
import { PRODUCT_MODULES } from '../providers/product-modules';
import { capabilityOf, MODULES, moduleFor, PROVIDERS, providerById } from './registry';

describe('the product registry', () => {
  it('has one module per id, each holding the provider of that id', () => {
    expect(MODULES.map((m) => m.id).sort()).toEqual([...PROVIDER_IDS].sort());
    for (const module of MODULES) {
      expect(module.provider.id).toBe(module.id);
      expect(moduleFor(module.id)).toBe(module);
      expect(providerById(module.id)).toBe(module.provider);
      expect(PRODUCT_WORDS[module.id].name).toMatch(/\S/);
    }
    expect(PROVIDERS).toEqual(MODULES.map((m) => m.provider));
  });

  it('has one product per capability, found by the capability, not by the product', () => {
    const serving = MODULES.filter((m) => m.capabilities?.syncShares).map((m) => m.id);
    expect(serving).toHaveLength(1);
    expect(capabilityOf('syncShares')).toBe(moduleFor(serving[0])?.capabilities?.syncShares);
  });

  it('lists the plain engine last and apart from the products discovery asks', () => {
    expect(MODULES[MODULES.length - 1].id).toBe(PLAIN_ENGINE);
    expect(PRODUCT_MODULES.map((m) => m.id)).not.toContain(PLAIN_ENGINE);
  });

  it('knows no module for an unknown or inherited name', () => {
    for (const name of ['finch', '__proto__', 'constructor', '', null, undefined])
      expect(moduleFor(name)).toBeUndefined();
    expect(() => providerById('finch')).toThrow(/unknown provider "finch"/);
  });

  it('gives every engine of the shipped published figures to one product at most', () => {
    const engines = new Set(
      shippedPublishedResults().sources.flatMap((source) => source.results.map((r) => r.engine)),
    );
    const owners = [...engines].map((engine) => [
      engine,
      MODULES.filter((m) => m.publishedLabel.test(engine)).map((m) => m.id),
    ]);
    for (const [engine, ids] of owners) expect(ids.length, String(engine)).toBeLessThanOrEqual(1);
    // Every product with published figures is found by its label (the host baseline is no product).
    const found = new Set(owners.flatMap(([, ids]) => ids as string[]));
    for (const id of ['docker-desktop', 'rancher-desktop', 'colima', 'orbstack', PLAIN_ENGINE])
      expect(found, id).toContain(id);
  });
});
