// The products Mountbench drives on a Mac, one module each (product-module.ts), in the order
// `mountbench providers` lists them. Adding a product is one line here (docs/architecture.md).
// The plain Docker Engine is not listed here but in registry.ts: it is what discovery falls back
// to, and its provider finds its engine through discovery, which asks this list.
import { colimaModule } from './colima/module';
import { dockerDesktopModule } from './docker-desktop/module';
import { limaModule } from './lima/module';
import { orbstackModule } from './orbstack/module';
import { podmanModule } from './podman/module';
import type { ProductModule } from './product-module';
import { rancherDesktopModule } from './rancher-desktop/module';

export const PRODUCT_MODULES: readonly ProductModule[] = [
  dockerDesktopModule,
  rancherDesktopModule,
  colimaModule,
  orbstackModule,
  limaModule,
  podmanModule,
];
