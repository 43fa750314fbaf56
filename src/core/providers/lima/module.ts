// Lima used directly, everything Mountbench knows about it in one object (product-module.ts): its
// facts and its provider.
import type { ProductModule } from '../product-module';
import { limaFacts } from './facts';
import { limaProvider } from './index';

export const limaModule: ProductModule = { ...limaFacts, provider: limaProvider };
