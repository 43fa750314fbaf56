// The files colima keeps for a profile, read only: the profile's colima.yaml (what the user edits),
// the instance's state file `_lima/<instance>/colima.yaml` and the template new profiles start from.
// From 0.7.0 colima takes arch, VM type, runtime and mount type from the state file once the VM
// exists (cmd/start.go `setFixedConfigs`: "'volume mount type' cannot be updated after initial
// setup, discarded"), so the state file says what runs and the profile's file only what is asked.
import path from 'node:path';
import { MountbenchError } from '../../../shared/errors';
import { colimaHome } from './colima-home';
import { readSettingsBytes, readYamlScalar } from '../../settings-files';
import type { ProviderContext } from '../provider';

export interface ColimaTypes {
  vmType: string | null;
  mountType: string | null;
  runtime: string | null;
}

export interface ColimaProfileFiles {
  file: string;
  stateFile: string;
  /** The profile's colima.yaml; null when it is missing. */
  asked: ColimaTypes | null;
  /** The state file of the VM; null when no VM was ever created (or the file is missing). */
  fixed: ColimaTypes | null;
}

/** The Lima instance name of a profile (config/profile.go): `colima`, or `colima-<profile>`. */
export function instanceOf(profile: string): string {
  return profile === 'default' ? 'colima' : `colima-${profile}`;
}

/** Lima's folder: $LIMA_HOME when set, else `<colima home>/_lima` (config/files.go `limaDir`). */
export function limaRoot(ctx: Pick<ProviderContext, 'env' | 'home'>): string {
  return ctx.env.LIMA_HOME
    ? path.resolve(ctx.env.LIMA_HOME)
    : path.join(colimaHome(ctx.env, ctx.home), '_lima');
}

/** `_templates/default.yaml`, which colima copies into every new profile unless told not to. */
export function templateFile(ctx: Pick<ProviderContext, 'env' | 'home'>): string {
  return path.join(colimaHome(ctx.env, ctx.home), '_templates', 'default.yaml');
}

/** The file's text; null when missing or unreadable; over-size or not a plain file: said, naming it. */
async function readText(file: string): Promise<string | null> {
  return readSettingsBytes(file).then(
    (bytes) => bytes.toString('utf8'),
    (err: unknown) => {
      if (err instanceof MountbenchError && err.code === 'FILE_INVALID') throw err;
      return null;
    },
  );
}

function typesOf(text: string, file: string): ColimaTypes {
  return {
    vmType: readYamlScalar(text, 'vmType', file),
    mountType: readYamlScalar(text, 'mountType', file),
    runtime: readYamlScalar(text, 'runtime', file),
  };
}

export async function readProfileFiles(
  ctx: Pick<ProviderContext, 'env' | 'home'>,
  profile: string,
): Promise<ColimaProfileFiles> {
  const file = path.join(colimaHome(ctx.env, ctx.home), profile, 'colima.yaml');
  const stateFile = path.join(limaRoot(ctx), instanceOf(profile), 'colima.yaml');
  const [own, state] = await Promise.all([readText(file), readText(stateFile)]);
  return {
    file,
    stateFile,
    asked: own === null ? null : typesOf(own, file),
    fixed: state === null ? null : typesOf(state, stateFile),
  };
}

/** Whether the template exists; colima reads it for a new profile (cmd/start.go `prepareConfig`). */
export async function templateExists(ctx: Pick<ProviderContext, 'env' | 'home'>): Promise<boolean> {
  return (await readText(templateFile(ctx)).catch(() => '')) !== null;
}
