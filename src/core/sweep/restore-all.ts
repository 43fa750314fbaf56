// `mountbench restore` and app start: finish every unfinished journal with the restorers of the
// providers and of the Docker CLI context.
import { isOneOf, PROVIDER_IDS } from '../../shared/ids';
import { describeRestoreReport, restoreUnfinished, type RestoreReport, type Restorer } from '../journal';
import { providerContext } from '../providers/provider-context';
import type { ProviderContext } from '../providers/provider';
import { extraRestorerFor, providerById } from '../products/registry';
import { DOCKER_CLI_OWNER, restoreDockerContext } from './docker-cli-context';
import { ownedSettingsFiles } from './owned-files';

export function restorerFor(ctx: ProviderContext, owner: string): Restorer | undefined {
  if (owner === DOCKER_CLI_OWNER)
    return (originals, journal) => restoreDockerContext(ctx, originals, journal);
  const extra = extraRestorerFor(owner);
  if (extra) return extra;
  if (!isOneOf(PROVIDER_IDS, owner)) return undefined;
  let provider;
  try {
    provider = providerById(owner);
  } catch {
    return undefined;
  }
  return (originals, journal) => provider.restore(ctx, originals, journal);
}

/** Restores with a context that no cancel can interrupt: putting things back must finish. */
export async function restoreEverything(ctx: ProviderContext): Promise<RestoreReport> {
  const steady: ProviderContext = { ...ctx, signal: undefined };
  return restoreUnfinished(steady.dataDir, (owner) => restorerFor(steady, owner), {
    home: steady.home,
    ownedFiles: (owner) => ownedSettingsFiles(steady, owner),
  });
}

/**
 * For the desktop app's start-up (src/main/index.ts): finish any sweep a crash interrupted and
 * return a report to show the user (null when there was nothing to do). Never throws.
 */
export async function restoreOnAppStart(options: { userData?: string } = {}): Promise<string | null> {
  try {
    const report = await restoreEverything(await providerContext({ userData: options.userData }));
    return report.journals.length ? describeRestoreReport(report) : null;
  } catch (err) {
    return `Mountbench could not check for settings to put back: ${(err as Error).message}`;
  }
}
