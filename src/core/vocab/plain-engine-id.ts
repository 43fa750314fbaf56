// The plain Docker Engine's id, apart from its provider so that discovery can name the engine it
// falls back to without importing the provider (which itself discovers engines): see
// docker-engine-module.ts for why the plain engine is the one product other folders may name.
import type { ProviderId } from '../../shared/ids';

export const PLAIN_ENGINE: ProviderId = 'docker-engine';
