// Every product's facts (product-facts.ts), in the order `mountbench providers` lists them, without
// their drivers: what discovery reads to tell an engine's product, and what the catalog of
// core/products adds the plain Docker Engine to for the advice and the published figures. The
// same order as product-modules.ts, whose modules are these facts with their providers
// (product-modules.test.ts holds the two lists alike).
import { colimaFacts } from './colima/facts';
import { dockerDesktopFacts } from './docker-desktop/facts';
import { limaFacts } from './lima/facts';
import { orbstackFacts } from './orbstack/facts';
import { podmanFacts } from './podman/facts';
import type { ProductFacts } from './product-facts';
import { rancherDesktopFacts } from './rancher-desktop/facts';

export const PRODUCT_FACTS: readonly ProductFacts[] = [
  dockerDesktopFacts,
  rancherDesktopFacts,
  colimaFacts,
  orbstackFacts,
  limaFacts,
  podmanFacts,
];
