import type { ProviderVariantView } from '../../shared/sweep';
import type { ServingProcess } from '../host-processes/serving-cost';

/** One file-sharing configuration a provider can be put in: the dashboard's type (src/shared). */
export type ProviderVariant = ProviderVariantView;

/** The folder a bind-mount backend uses: fixtures go to `hostRoot`, the engine mounts `source`. */
export interface BindShare {
  hostRoot: string;
  source: string;
  /** The host processes serving it, where this share started its own (a FUSE daemon). */
  serving?: ServingProcess[];
  release(): Promise<void>;
}
