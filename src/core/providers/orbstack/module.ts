// OrbStack, everything Mountbench knows about it in one object (product-module.ts): its facts and
// its provider.
import type { ProductModule } from '../product-module';
import { orbstackFacts } from './facts';
import { orbstackProvider } from './index';

export const orbstackModule: ProductModule = { ...orbstackFacts, provider: orbstackProvider };
