// The dashboard files a serve test needs: the real built bundle (out/renderer, built first if this
// checkout has none), or, where a test is about the server and not the page, a stand-in with the
// app's own index.html (CSP <meta> included) and one asset.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from './support';

const ROOT = join(__dirname, '..', '..');

export const FIXTURE_SCRIPT = 'console.log("mountbench fixture");\n';

/** out/renderer, after `npm run build`'s own command if it is missing. */
export function builtRendererDir(): string {
  const dir = join(ROOT, 'out', 'renderer');
  if (!existsSync(join(dir, 'index.html'))) {
    execFileSync(
      process.execPath,
      [join(ROOT, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'],
      {
        cwd: ROOT,
        stdio: 'ignore',
      },
    );
  }
  return dir;
}

export function fixtureRendererDir(): { path: string; remove(): void } {
  const dir = tempDir('renderer');
  const source = readFileSync(join(ROOT, 'src', 'renderer', 'index.html'), 'utf8');
  writeFileSync(
    join(dir.path, 'index.html'),
    source.replace(
      /<script[^>]*src="[^"]*"[^>]*><\/script>/,
      '<script type="module" src="./assets/app.js"></script>',
    ),
  );
  mkdirSync(join(dir.path, 'assets'));
  writeFileSync(join(dir.path, 'assets', 'app.js'), FIXTURE_SCRIPT);
  return dir;
}
