// The products Mountbench knows (Docker Desktop, OrbStack, colima…), as a front door asks for them:
// the context their drivers read and write through, found here or by id. The context's data
// folder is the one the results live in, whatever HOME says, so the journal a sweep writes is the
// one `restore` and the app's start read.
import type { ProviderId } from '../../shared/ids';
import type { Provider, ProviderContext, ProviderDetection, VariantSpec } from '../providers/provider';
import { providerContext } from '../providers/provider-context';
import { PROVIDERS, providerById } from '../products/registry';

export { PLAIN_ENGINE, productsOwningTheirVm } from '../products/registry';
export type { ProviderDetection, VariantSpec };

export async function productContext(
  options: { env?: NodeJS.ProcessEnv; dataDir?: string } = {},
): Promise<ProviderContext> {
  const ctx = await providerContext(options.env ? { env: options.env } : {});
  return options.dataDir ? { ...ctx, dataDir: options.dataDir } : ctx;
}

/** The product with this id; throws for an id no product has. */
export function productById(id: ProviderId | string): Provider {
  return providerById(id);
}

/** Every product, whether installed, with its setting now and, when installed, its variants. */
export async function productsFound(
  ctx: ProviderContext,
): Promise<{ detection: ProviderDetection; variants: VariantSpec[] }[]> {
  const found = [];
  for (const provider of PROVIDERS) {
    const detection = await provider.detect(ctx);
    const variants = detection.installed ? await provider.listVariants(ctx) : [];
    found.push({ detection, variants });
  }
  return found;
}
