// Podman machine, everything Mountbench knows about it in one object (product-module.ts): its
// facts and its provider.
import type { ProductModule } from '../product-module';
import { podmanFacts } from './facts';
import { podmanProvider } from './index';

export const podmanModule: ProductModule = { ...podmanFacts, provider: podmanProvider };
