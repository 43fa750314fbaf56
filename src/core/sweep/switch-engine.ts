// What a settings switch asks of the engine once the product says it is ready: a connection to
// the engine the product names, and what a bind mount really lands on under the variant just
// applied. Apart from the switch so the sweep's and apply's unit tests can answer both without a
// Docker engine; the switch's order (journal, apply, wait, verify) stays the real code.
import type Dockerode from 'dockerode';
import { resolveEngine, type ResolvedEngine } from '../engines';
import type { ProviderContext } from '../providers/provider';
import { ensureImage } from '../runner/image';
import { observeBindFsType, type BindProbe } from './observe-fs';

export type { BindProbe };

export interface SwitchEngine {
  connect(engineName: string, live: ProviderContext, signal: AbortSignal): Promise<ResolvedEngine>;
  /** The fs type a bench container's bind mount shows; `onProgress` hears an image pull. */
  bindFsType(docker: Dockerode, probe: BindProbe, onProgress: (message: string) => void): Promise<string>;
}

/** The Docker engine itself: discovery, the bench image, a probe container. */
export const DOCKER_SWITCH_ENGINE: SwitchEngine = {
  connect: (engineName, live, signal) =>
    resolveEngine(engineName, { env: live.env, home: live.home, signal }),
  async bindFsType(docker, probe, onProgress) {
    // The engine may be a fresh VM without the bench image: pull it before the probe needs it.
    await ensureImage(docker, probe.image, probe.signal, (p) =>
      onProgress(
        `pulling ${probe.image}: ${p.fraction === null ? p.status : `${Math.round(p.fraction * 100)} %`}`,
      ),
    );
    return observeBindFsType({ docker, ...probe });
  },
};
