// Which context the docker CLI would use right now, in its order: DOCKER_HOST (it means the implicit
// `default` context), then DOCKER_CONTEXT, then `currentContext` in config.json, then `default`.

export const DEFAULT_CONTEXT = 'default';

export interface CurrentContext {
  name: string;
  /** Where the choice came from, to explain a current context that does not exist. */
  via: 'DOCKER_HOST' | 'DOCKER_CONTEXT' | 'config.json' | 'implicit';
}

export function currentContextName(
  env: NodeJS.ProcessEnv,
  configCurrent: string | undefined,
): CurrentContext {
  if (env.DOCKER_HOST) return { name: DEFAULT_CONTEXT, via: 'DOCKER_HOST' };
  if (env.DOCKER_CONTEXT) return { name: env.DOCKER_CONTEXT, via: 'DOCKER_CONTEXT' };
  if (configCurrent) return { name: configCurrent, via: 'config.json' };
  return { name: DEFAULT_CONTEXT, via: 'implicit' };
}
