// colima, everything Mountbench knows about it in one object (product-module.ts): its facts and
// its provider.
import type { ProductModule } from '../product-module';
import { colimaFacts } from './facts';
import { colimaProvider } from './index';

export const colimaModule: ProductModule = { ...colimaFacts, provider: colimaProvider };
