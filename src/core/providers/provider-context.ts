// Builds the ProviderContext from an environment: HOME decides every product path and the data
// folder, so `HOME=/sandbox mountbench …` never touches the real user's files.
import os from 'node:os';
import { dataDir, requireHome } from '../vocab/data-paths';
import { hostFacts } from '../vocab/host-facts';
import type { ProviderContext } from './provider';
import { StateReads } from './state-reads';

export async function providerContext(
  options: {
    env?: NodeJS.ProcessEnv;
    signal?: AbortSignal;
    /** Electron's app.getPath('userData'), so the app and the CLI find the same journal. */
    userData?: string;
  } = {},
): Promise<ProviderContext> {
  const env = options.env ?? process.env;
  const home = requireHome(env.HOME && env.HOME.trim() !== '' ? env.HOME : os.homedir());
  return {
    env,
    home,
    host: await hostFacts(env),
    dataDir: dataDir({ env, home, userData: options.userData }),
    signal: options.signal,
    answers: new Map(),
    stateReads: new StateReads(),
  };
}
