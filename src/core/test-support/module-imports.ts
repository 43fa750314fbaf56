// The relative modules a source file imports, read with TypeScript's parser: the layer test and the
// catalog's no-driver test both follow them. `runtime` leaves out what only types need (`import
// type`, `export type`, an import whose every name is a type, `import('…').T` in a type), since a
// type import loads nothing.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export function moduleSpecifiers(
  fileName: string,
  text: string,
  options: { runtime?: boolean } = {},
): string[] {
  const runtime = options.runtime ?? false;
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const typeOnlyImport = (node: ts.ImportDeclaration): boolean => {
    const clause = node.importClause;
    if (!clause) return false; // `import './x'` runs the module
    if (clause.isTypeOnly) return true;
    const named = clause.namedBindings;
    return (
      !clause.name &&
      named !== undefined &&
      ts.isNamedImports(named) &&
      named.elements.length > 0 &&
      named.elements.every((e) => e.isTypeOnly)
    );
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!(runtime && typeOnlyImport(node))) out.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      if (!(runtime && node.isTypeOnly)) out.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      out.push(node.arguments[0].text);
    } else if (
      !runtime &&
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      out.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

/** The file a relative specifier names (`./x` → x.ts, x.tsx or x/index.ts), or null outside the tree. */
export function resolveRelative(fromFile: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // next
    }
  }
  return null;
}

/** Every production source file below `dir`: no tests, no test-support folders, no declarations. */
export function productionFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'test-support' ? [] : productionFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Each production file below `dir` with its text, named by its path from `root` ('cli/program.ts'). */
export function productionSources(dir: string, root: string): { file: string; text: string }[] {
  return productionFiles(dir).map((full) => ({
    file: path.relative(root, full).split(path.sep).join('/'),
    text: readFileSync(full, 'utf8'),
  }));
}
