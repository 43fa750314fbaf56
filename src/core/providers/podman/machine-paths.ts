// Where Podman keeps its machines on macOS (containers/podman v5.8.2, pkg/machine/env/dir.go and
// dir_darwin.go, pkg/machine/vmconfigs/sockets_darwin.go; docs/product-facts.md, Podman):
//  - one JSON file a machine, `<config home>/containers/podman/machine/<provider>/<name>.json`, the
//    config home being $XDG_CONFIG_HOME or ~/.config;
//  - the Docker-compatible API socket `$TMPDIR/podman/<name>-api.sock` ($TMPDIR, else /tmp), the
//    path `podman machine inspect` prints as `.ConnectionInfo.PodmanSocket.Path`;
//  - containers.conf, whose `[machine] provider` picks the provider, in the config home too.
import path from 'node:path';

/** `$XDG_CONFIG_HOME` when set, else `~/.config` (go.podman.io/storage pkg/homedir GetConfigHome). */
export function configHome(env: NodeJS.ProcessEnv, home: string): string {
  return env.XDG_CONFIG_HOME ? env.XDG_CONFIG_HOME : path.join(home, '.config');
}

/** The folder of one provider's machine files. */
export function machineConfigDir(env: NodeJS.ProcessEnv, home: string, provider: string): string {
  return path.join(configHome(env, home), 'containers', 'podman', 'machine', provider);
}

export function machineConfigFile(
  env: NodeJS.ProcessEnv,
  home: string,
  provider: string,
  name: string,
): string {
  return path.join(machineConfigDir(env, home, provider), `${name}.json`);
}

/** The user's containers.conf (the system ones under /etc are not read: see README.md). */
export function userContainersConf(env: NodeJS.ProcessEnv, home: string): string {
  return path.join(configHome(env, home), 'containers', 'containers.conf');
}

/** Where a machine's API socket is on macOS: `$TMPDIR/podman/<name>-api.sock`. */
export function apiSocketPath(env: NodeJS.ProcessEnv, name: string): string {
  return path.join(env.TMPDIR || '/tmp', 'podman', `${name}-api.sock`);
}

/**
 * The engine name Mountbench gives a machine's socket. Podman creates no Docker context; its own
 * helper `WithPodmanPrefix` (pkg/machine/env/dir.go) prefixes `podman-` unless the name starts
 * with `podman`, so the default machine `podman-machine-default` keeps its name.
 */
export function engineNameOf(machine: string): string {
  return machine.startsWith('podman') ? machine : `podman-${machine}`;
}
