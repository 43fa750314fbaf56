// Where the desktop app finds the files it reads from disk at run time. Most of `resources/` is no
// file at all once built: published-results.json and bench-image.json are imported by the main
// process and inlined into out/main/index.js by the bundler. What is read from disk (the window
// icon) sits in `resources/` of the checkout while developing, and in Electron's
// process.resourcesPath once packaged, where electron-builder.yml's extraResources puts it.
import { join } from 'node:path';

/** Files the app opens by path at run time; each must be listed in electron-builder.yml's extraResources. */
export const RUNTIME_RESOURCES = ['icon.png'] as const;
export type RuntimeResource = (typeof RUNTIME_RESOURCES)[number];

export interface ResourceLocation {
  /** Electron's app.isPackaged. */
  isPackaged: boolean;
  /** process.resourcesPath: Contents/Resources of the .app on macOS, resources/ beside the binary on Linux. */
  resourcesPath: string;
  /** app.getAppPath(): the checkout's root while developing (`npm start` runs `electron .`). */
  appPath: string;
}

export function resourcePath(name: RuntimeResource, where: ResourceLocation): string {
  return where.isPackaged ? join(where.resourcesPath, name) : join(where.appPath, 'resources', name);
}
