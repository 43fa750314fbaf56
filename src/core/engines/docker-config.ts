// The docker CLI's config folder and the `currentContext` it records in config.json.
import path from 'node:path';
import { readRegularFile } from '../fs/read-regular-file';
import { SETTINGS_FILE_MAX_BYTES } from '../settings-files/settings-file';
import { jsonErrorText } from '../../shared/json-error-text';

export interface DockerConfig {
  /** `$DOCKER_CONFIG`, or `~/.docker`. */
  dir: string;
  currentContext?: string;
  /** Set when config.json exists but cannot be used; discovery goes on as the docker CLI would not. */
  problem?: string;
}

/**
 * The docker CLI's own files (config.json, a context's meta.json) are a few KB, like any settings
 * file: bounded, and never a wait on a FIFO. Links are followed (dotfile managers make them).
 */
export async function readConfigText(file: string): Promise<string> {
  return (await readRegularFile(file, { maxBytes: SETTINGS_FILE_MAX_BYTES })).toString('utf8');
}

/**
 * As the docker CLI finds it (`docker/cli` `cli/config/config.go` `Dir`): `$DOCKER_CONFIG` taken as
 * given, so a relative one is relative to the working folder, not to HOME; else `~/.docker`.
 */
export function dockerConfigDir(env: NodeJS.ProcessEnv, home: string, cwd = process.cwd()): string {
  return env.DOCKER_CONFIG ? path.resolve(cwd, env.DOCKER_CONFIG) : path.join(home, '.docker');
}

export async function readDockerConfig(env: NodeJS.ProcessEnv, home: string): Promise<DockerConfig> {
  const dir = dockerConfigDir(env, home);
  const file = path.join(dir, 'config.json');
  let text: string;
  try {
    text = await readConfigText(file);
  } catch (err) {
    if (isNotFound(err)) return { dir };
    return { dir, problem: `Cannot read ${file}: ${messageOf(err)}` };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    return {
      dir,
      problem: `${file} is not valid JSON (${jsonErrorText(err, text)}); its currentContext is ignored.`,
    };
  }
  if (typeof parsed !== 'object' || parsed === null) {
    return { dir, problem: `${file} does not hold a JSON object; its currentContext is ignored.` };
  }
  const current = (parsed as { currentContext?: unknown }).currentContext;
  if (current === undefined || current === '') return { dir };
  if (typeof current !== 'string') {
    return { dir, problem: `currentContext in ${file} is not a string; it is ignored.` };
  }
  return { dir, currentContext: current };
}

export function isNotFound(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
