// The only files a journal may put back, per owner: each product's own settings files under the
// home (docs/product-facts.md has where each product keeps them). colima, OrbStack and a plain
// Docker Engine have none: Mountbench never writes their files, so their journals name no file.
import path from 'node:path';
import { LEGACY_FILE, settingsDir, STORE_FILE } from '../providers/docker-desktop/paths';
import { settingsFile as rancherSettingsFile } from '../providers/rancher-desktop/paths';
import type { ProviderContext } from '../providers/provider';
import { configFile, DOCKER_CLI_OWNER } from './docker-cli-context';

export function ownedSettingsFiles(ctx: Pick<ProviderContext, 'env' | 'home'>, owner: string): string[] {
  switch (owner) {
    case 'docker-desktop':
      return [path.join(settingsDir(ctx.home), STORE_FILE), path.join(settingsDir(ctx.home), LEGACY_FILE)];
    case 'rancher-desktop':
      return [rancherSettingsFile(ctx.home)];
    case DOCKER_CLI_OWNER:
      return [configFile(ctx)];
    default:
      return [];
  }
}
