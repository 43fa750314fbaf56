// The catalog is every product's facts with no driver loaded: the advice, the published figures and
// discovery read a product through it without loading its provider, its CLI wrappers or its
// settings edits. Held two ways: the catalog lists what the registry's modules are made of, in the
// same order, and nothing the catalog loads at run time is a driver.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { moduleSpecifiers, resolveRelative } from '../test-support/module-imports';
import { FACTS } from './catalog';
import { MODULES } from './registry';

const CORE = path.resolve(__dirname, '..');
const SRC = path.resolve(CORE, '..');

/** Every file a file loads at run time, following relative imports (type imports load nothing). */
function runtimeClosure(entry: string): string[] {
  const seen = new Set<string>([entry]);
  const queue = [entry];
  while (queue.length) {
    const file = queue.shift() as string;
    for (const spec of moduleSpecifiers(file, readFileSync(file, 'utf8'), { runtime: true })) {
      const target = resolveRelative(file, spec);
      if (target && target.startsWith(SRC) && !seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return [...seen].map((f) => path.relative(CORE, f).split(path.sep).join('/')).sort();
}

/** What a driver is: a product's provider and what it runs, or any folder that writes or execs. */
function isDriver(file: string): boolean {
  return (
    /^providers\/[^/]+\/index\.ts$/.test(file) ||
    /^providers\/(provider|run-product-command|state-reads|ping-socket)\.ts$/.test(file) ||
    /^(journal|settings-files|engines|runner|sweep|sync|store|app)\//.test(file) ||
    /from 'node:child_process'|from 'dockerode'/.test(readFileSync(path.join(CORE, file), 'utf8'))
  );
}

describe('the product catalog', () => {
  it("lists the registry's modules, in order, each made of its facts", () => {
    expect(FACTS.map((f) => f.id)).toEqual(MODULES.map((m) => m.id));
    for (const [i, facts] of FACTS.entries()) {
      const module = MODULES[i];
      expect(module.provider.id).toBe(facts.id);
      for (const key of Object.keys(facts) as (keyof typeof facts)[]) expect(module[key]).toBe(facts[key]);
    }
  });

  it('loads no driver at run time', () => {
    const loaded = runtimeClosure(path.join(CORE, 'products', 'catalog.ts'));
    expect(loaded).toContain('providers/docker-desktop/facts.ts');
    expect(loaded.filter(isDriver)).toEqual([]);
  });

  it('sees a driver when one is loaded (the registry loads every provider)', () => {
    const loaded = runtimeClosure(path.join(CORE, 'products', 'registry.ts'));
    expect(loaded.filter(isDriver)).toEqual(expect.arrayContaining(['providers/docker-desktop/index.ts']));
  });
});
