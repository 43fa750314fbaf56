// Rancher Desktop, everything Mountbench knows about it in one object (product-module.ts): its
// facts and its provider.
import type { ProductModule } from '../product-module';
import { rancherDesktopFacts } from './facts';
import { rancherDesktopProvider } from './index';

export const rancherDesktopModule: ProductModule = {
  ...rancherDesktopFacts,
  provider: rancherDesktopProvider,
};
