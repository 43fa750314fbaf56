// The plain Docker Engine as a module (product-module.ts). It is the one product the rest of the
// code may still name, for two reasons: discovery gives it every engine no product claims (the
// system socket, a remote DOCKER_HOST), and its variants (`native`, `fuse`: docker-engine.ts) are
// made per backend by the runner within a run, with no restart, where every other product's
// variants need a sweep. Its provider finds its engine through discovery, so it is listed in
// registry.ts, beside the products discovery asks (product-modules.ts), not among them.
import type { ProductModule } from '../providers/product-module';
import { dockerEngineFacts } from './docker-engine-facts';
import { dockerEngineProvider } from './docker-engine-provider';

export const dockerEngineModule: ProductModule = { ...dockerEngineFacts, provider: dockerEngineProvider };
