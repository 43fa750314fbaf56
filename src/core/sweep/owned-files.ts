// The only files a journal may put back, per owner: each product's own settings files under the
// home, as its module says (providers/<id>/module.ts; docs/product-facts.md has where each product
// keeps them), and the Docker CLI's config.json, which the sweep itself owns. A product whose
// module names no file (colima, OrbStack, the plain engine) has journals that name no file.
import type { ProviderContext } from '../providers/provider';
import { moduleFor } from '../products/registry';
import { configFile, DOCKER_CLI_OWNER } from './docker-cli-context';

export function ownedSettingsFiles(ctx: Pick<ProviderContext, 'env' | 'home'>, owner: string): string[] {
  if (owner === DOCKER_CLI_OWNER) return [configFile(ctx)];
  return moduleFor(owner)?.ownedSettingsFiles(ctx) ?? [];
}
