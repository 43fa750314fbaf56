// The docker CLI's config folder and the `currentContext` it records in config.json.
import fs from 'node:fs/promises';
import path from 'node:path';
import { jsonErrorText } from '../../shared/json-error-text';

export interface DockerConfig {
  /** `$DOCKER_CONFIG`, or `~/.docker`. */
  dir: string;
  currentContext?: string;
  /** Set when config.json exists but cannot be used; discovery goes on as the docker CLI would not. */
  problem?: string;
}

export function dockerConfigDir(env: NodeJS.ProcessEnv, home: string): string {
  return env.DOCKER_CONFIG ? path.resolve(home, env.DOCKER_CONFIG) : path.join(home, '.docker');
}

export async function readDockerConfig(env: NodeJS.ProcessEnv, home: string): Promise<DockerConfig> {
  const dir = dockerConfigDir(env, home);
  const file = path.join(dir, 'config.json');
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
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
