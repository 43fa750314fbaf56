// The flows need the built app: the dashboard (out/renderer) for serve, and the main and preload
// bundles for Electron. `npm test` and `npm run test:e2e` build first; a bare `npx playwright test`
// builds only when files are missing and otherwise uses the existing build as it is.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './paths';

const BUILT_FILES = ['out/renderer/index.html', 'out/main/index.js', 'out/preload/index.js'];

export function missingBuildFiles(): string[] {
  return BUILT_FILES.filter((file) => !existsSync(join(REPO_ROOT, file)));
}

export function ensureBuilt(): void {
  const missing = missingBuildFiles();
  if (missing.length === 0) return;
  process.stderr.write(`e2e: building the app (missing: ${missing.join(', ')})\n`);
  const built = spawnSync('npx', ['electron-vite', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (built.status !== 0 || missingBuildFiles().length > 0) {
    throw new Error(`npx electron-vite build failed (exit ${built.status ?? built.signal})`);
  }
}
