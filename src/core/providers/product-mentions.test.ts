// "One module per product", held: outside its folder (src/core/providers/<id>/) no production file
// names a product, by its id in a string, by an identifier of its module (`colimaModule`,
// `dockerDesktopProvider`) or by an import of its folder. The few places that may are listed
// below, each with the reason (docs/architecture.md, "Adding a product"). Comments are not
// counted: they may say which product a rule came from.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PROVIDER_IDS, type ProviderId } from '../../shared/ids';
import { PLAIN_ENGINE } from '../vocab/plain-engine-id';

const SRC = path.resolve(__dirname, '..', '..');

/** Files that may name every product, and why. */
const MAY_NAME_ANY: Record<string, string> = {
  'shared/ids.ts': 'the one list of ids every layer imports',
  'shared/product-words.ts':
    'the dashboard may not import the core, so the names it shows sit beside the ids in src/shared',
  'core/providers/product-modules.ts': 'the registry: one line per product',
  'core/providers/catalog.ts': 'the catalog of facts: one line per product',
};

/**
 * Files that may name the plain Docker Engine (and no other product): discovery falls back to it,
 * and its variants are made per backend by the runner within a run, with no restart, where every
 * other product's need a sweep (core/products/docker-engine-module.ts). Its own files sit beside
 * the registry in core/products/, above the products' folders and discovery: discovery (engines/)
 * reads the products, and the plain engine's provider reads discovery.
 */
const MAY_NAME_PLAIN_ENGINE: Record<string, string> = {
  'core/vocab/plain-engine-id.ts': 'its id, which discovery names without importing its provider',
  'core/products/registry.ts': 'lists the plain engine after the products discovery asks',
  'core/products/docker-engine-module.ts': 'its module',
  'core/products/docker-engine-facts.ts': 'its facts',
  'core/products/catalog.ts': 'lists the plain engine’s facts after the products',
  'core/products/docker-engine-provider.ts': 'its provider',
  'core/products/docker-engine-advice.ts': 'its advice',
  'core/runner/bind-executor-start.ts':
    'the bind mount’s executor makes its variant (native or bindfs) per backend',
  'core/runner/prepare-run.ts': 'its variants are switched within a run, so a plain run lists them',
  'core/runner/baseline-check.ts': 'only the plain engine on Linux shares the host baseline’s filesystem',
  'core/sweep/apply-setting.ts': 'it has no setting to apply',
  'core/sweep/observe-fs.ts': 'its fuse variant is observed through the runner’s bindfs share',
  'core/sweep/sweep-views.ts': 'it switches within a run, not by a restart',
  'cli/commands/run.ts': 'its within-run variants are the examples of --variant and --only',
  'shared/backend-plan.ts': 'plans its within-run variants (the dashboard cannot ask the core)',
  'shared/setup-plan.ts': 'the dashboard offers its within-run variants',
};

/**
 * colima and Rancher Desktop run their VMs on Lima: these files name the Lima underneath the product
 * (its folder, its krunkit driver's rule, its host agent), not Mountbench's Lima module, and import
 * nothing of it.
 */
const NAMES_THE_LIMA_BENEATH: Record<string, string> = {
  'core/providers/colima/profile-files.ts': "colima's Lima folder, `<colima home>/_lima`",
  'core/providers/colima/variants.ts': "the reason krunkit + virtiofs fails: Lima's krunkit driver",
  'core/providers/rancher-desktop/paths.ts': "Rancher Desktop's Lima home, where its VM's pid files are",
  'core/providers/rancher-desktop/index.ts': "the name of its VM's Lima host agent, in a result's host cost",
};

const ID_IN_TEXT = new RegExp(`(^|[^a-z0-9-])(${PROVIDER_IDS.join('|')})($|[^a-z0-9])`, 'g');
const camel = (id: string) => id.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
const MODULE_IDENTIFIER = new RegExp(
  `^(${PROVIDER_IDS.map(camel).join('|')})(Provider|Module|Advice|Facts)?$`,
);

/** The products a source file names outside its comments. */
export function productsNamedIn(fileName: string, text: string): Set<ProviderId> {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const named = new Set<ProviderId>();
  const fromText = (value: string) => {
    for (const match of value.toLowerCase().matchAll(ID_IN_TEXT)) named.add(match[2] as ProviderId);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node))
      fromText(node.text);
    if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) {
      const hit = MODULE_IDENTIFIER.exec(node.text);
      if (hit) named.add(PROVIDER_IDS.find((id) => camel(id) === hit[1]) as ProviderId);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return named;
}

function productionFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== 'test-support' && name !== 'node_modules') out.push(...productionFiles(full));
    } else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')) {
      out.push(full);
    }
  }
  return out;
}

/** The product folder a file sits in, if any: the one place that product may be named freely. */
function folderProduct(relative: string): ProviderId | null {
  const match = /^core\/providers\/([^/]+)\//.exec(relative);
  return match && (PROVIDER_IDS as readonly string[]).includes(match[1]) ? (match[1] as ProviderId) : null;
}

function mentionsOutsideTheirFolders(): Map<string, ProviderId[]> {
  const found = new Map<string, ProviderId[]>();
  for (const full of productionFiles(SRC)) {
    const relative = path.relative(SRC, full).split(path.sep).join('/');
    const own = folderProduct(relative);
    const named = [...productsNamedIn(full, readFileSync(full, 'utf8'))].filter((id) => id !== own);
    if (named.length) found.set(relative, named.sort());
  }
  return found;
}

describe('product mentions outside the product folders', () => {
  const found = mentionsOutsideTheirFolders();

  it('finds ids in strings, module identifiers and imports, not in comments', () => {
    const text = [
      "// colima and 'orbstack' in a comment",
      "import { colimaModule } from './colima/module';",
      "const a = 'docker-desktop';",
      'const b = `${home}/.rd/x ${"rancher-desktop"}`;',
      'const c = dockerEngineProvider;',
      "const d = 'docker-desktop-ish-not'.length + 'my-colima'.length;",
    ].join('\n');
    expect([...productsNamedIn('sample.ts', text)].sort()).toEqual([
      'colima',
      'docker-desktop',
      'docker-engine',
      'rancher-desktop',
    ]);
  });

  it('sees the products named in the registry and in the folders themselves (the scan is not blind)', () => {
    expect(found.get('core/providers/product-modules.ts')).toEqual(
      PROVIDER_IDS.filter((id) => id !== PLAIN_ENGINE).sort(),
    );
  });

  it('names a product nowhere else but in the listed files, each for its reason', () => {
    const unexpected: string[] = [];
    for (const [file, ids] of found) {
      if (file in MAY_NAME_ANY) continue;
      const others = ids.filter(
        (id) =>
          !(id === PLAIN_ENGINE && file in MAY_NAME_PLAIN_ENGINE) &&
          !(id === 'lima' && file in NAMES_THE_LIMA_BENEATH),
      );
      if (others.length) unexpected.push(`${file}: ${others.join(', ')}`);
    }
    expect(unexpected).toEqual([]);
  });

  it('lists no file that no longer names a product (the exceptions shrink as code moves)', () => {
    const stale = [...Object.keys(MAY_NAME_ANY), ...Object.keys(MAY_NAME_PLAIN_ENGINE)].filter(
      (file) => !found.has(file),
    );
    expect(stale).toEqual([]);
  });
});
