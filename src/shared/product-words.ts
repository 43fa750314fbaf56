// What the dashboard calls each product, and how to start it when no engine answers. Kept beside
// the ids in src/shared because the dashboard may not import the core (the renderer's layer rule)
// and names products in results from other machines too; typed by every id, so a new product
// does not compile until it has a name. Everything else about a product is in its module
// (src/core/providers/<id>/module.ts).
import type { ProviderId } from './ids';

export interface StartHint {
  how: string;
  command?: string;
}

export interface ProductWords {
  name: string;
  /** Said on the "no engine answers" help, in the product's own terms; products without one are left out. */
  startHint?: StartHint;
}

export const PRODUCT_WORDS: Record<ProviderId, ProductWords> = {
  'docker-engine': { name: 'Docker Engine' },
  'docker-desktop': {
    name: 'Docker Desktop',
    startHint: { how: 'Open Docker Desktop from Applications and wait for "Engine running".' },
  },
  'rancher-desktop': {
    name: 'Rancher Desktop',
    startHint: { how: 'Open Rancher Desktop (dockerd engine), or from a terminal:', command: 'rdctl start' },
  },
  colima: {
    name: 'colima',
    startHint: { how: 'Start the default VM from a terminal:', command: 'colima start' },
  },
  orbstack: { name: 'OrbStack' },
  lima: {
    name: 'Lima',
    startHint: { how: 'Start your Docker instance from a terminal:', command: 'limactl start docker' },
  },
  podman: {
    name: 'Podman',
    startHint: { how: 'Start the Podman machine from a terminal:', command: 'podman machine start' },
  },
};
