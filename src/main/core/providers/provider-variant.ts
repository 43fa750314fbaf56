import type { MountKind } from '../../../shared/ids';

/** One file-sharing configuration a provider can be put in. */
export interface ProviderVariant {
  id: string;
  /** In the product's own words. */
  label: string;
  available: boolean;
  /** Why not, when unavailable: chip, OS or product version, a missing tool. */
  reason?: string;
  /** Mounts whose speed the variant changes; other mounts are measured once, on the first variant. */
  affects: readonly MountKind[];
}

/** The folder a bind-mount backend uses: fixtures go to `hostRoot`, the engine mounts `source`. */
export interface BindShare {
  hostRoot: string;
  source: string;
  release(): Promise<void>;
}
