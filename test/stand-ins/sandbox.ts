// A throwaway home for tests: real-format settings files of the chosen products, the stand-in CLIs
// first on PATH, and the knobs they read (test/stand-ins/README.md). stopAll() ends every
// background process the stand-ins started in it; remove() also deletes it.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathWithoutProducts } from './host-path';
import { createRequire } from 'node:module';

// The stand-ins' own plist writer (CommonJS, shared with the Rancher Desktop stand-in).
const { toPlist } = createRequire(__filename)('./lib/plist-xml.cjs') as {
  toPlist: (value: unknown) => string;
};
// The podman stand-in's own machine writer, so the user's machine is written as `podman machine init` writes it.
const podmanMachines = createRequire(__filename)('./lib/podman-machines.cjs') as {
  PROVIDERS: string[];
  writeMachine: (env: NodeJS.ProcessEnv, provider: string, name: string) => string;
  paths: (env: NodeJS.ProcessEnv, provider: string, name: string) => { stateFile: string };
  machineNames: (env: NodeJS.ProcessEnv, provider: string) => string[];
};

// The stand-ins' FUSE share (bindfs over a shared folder while Docker Desktop "runs").
const fuseShare = createRequire(__filename)('./lib/fuse-share.cjs') as {
  fuseMountsAt: (dir: string) => string[];
  unmountShares: (dir: string) => void;
};

export const STAND_INS_DIR = __dirname;
export const PRODUCT_FIXTURES = join(__dirname, '..', 'fixtures', 'products');

export type DockerDesktopFixture =
  | 'settings-json-4.34'
  | 'settings-store-json-4.35'
  | 'settings-store-json-v43'
  | 'settings-store-json-v43-docker-vmm'
  | 'settings-store-json-v46'
  | 'settings-store-json-v46-grpcfuse';

/**
 * The Docker Desktop release the stand-in emulates for each fixture. 4.34.3 and 4.43.0 by the
 * generation; 4.49.0 was current in late 2025 (SettingsVersion 43 files), 4.87.0 in 2026 (45–46).
 * Which release first wrote 43 or 46 is unconfirmed (docs/product-facts.md).
 */
export const DD_VERSION_FOR: Record<DockerDesktopFixture, string> = {
  'settings-json-4.34': '4.34.3',
  'settings-store-json-4.35': '4.43.0',
  'settings-store-json-v43': '4.49.0',
  'settings-store-json-v43-docker-vmm': '4.49.0',
  'settings-store-json-v46': '4.87.0',
  'settings-store-json-v46-grpcfuse': '4.87.0',
};
export type RancherDesktopFixture = 14 | 15 | 16 | 19;

/** The Rancher Desktop release that writes each fixture's settings version. */
export const RD_VERSION_FOR: Record<RancherDesktopFixture, string> = {
  14: '1.18.2',
  15: '1.19.3',
  16: '1.21.1',
  19: '1.24.0',
};

export interface SandboxOptions {
  dockerDesktop?: DockerDesktopFixture;
  /**
   * Docker Desktop's file share made real: while it runs a gRPC FUSE or osxfs setting, bindfs with
   * that FUSE subtype is mounted over the sandbox's cache folder (`MOUNTBENCH_CACHE_DIR`, where
   * Mountbench lays its bind-mounted fixtures), so containers see the fs type the real product
   * shows (STANDIN_DD_SHARED_DIR). stopAll() and remove() unmount it whatever happened.
   */
  dockerDesktopShare?: boolean;
  /** Docker Desktop version the stand-in emulates (default: DD_VERSION_FOR the fixture). */
  dockerDesktopVersion?: string;
  rancherDesktop?: RancherDesktopFixture;
  /**
   * With Rancher Desktop: a locked deployment profile in the user's folder
   * (`~/Library/Preferences/io.rancherdesktop.profile.locked.plist`), as `plutil -convert xml1` writes it.
   */
  rancherDesktopLocked?: Record<string, unknown>;
  /** colima installed (its stand-in on PATH), with no profile yet. */
  colima?: boolean;
  /** colima with the user's own profile `default`, which Mountbench must never touch. */
  colimaDefault?: boolean;
  /** With colima: qemu-img on PATH (default true; QEMU is optional since colima 0.8.0). */
  qemu?: boolean;
  /** With colima or podman: krunkit on PATH (default false). */
  krunkit?: boolean;
  orbstack?: boolean;
  /** Lima installed (the limactl stand-in and qemu-img on PATH), with no instance yet. */
  lima?: boolean;
  /**
   * Lima with the user's own Docker instance `docker` (QEMU, Lima 2.2's default mount type 9p), from
   * test/fixtures/products/lima: Mountbench may edit its mount type but must put it back byte for byte.
   */
  limaDocker?: boolean;
  /** podman installed (its stand-in on PATH). */
  podman?: boolean;
  /** With podman: the user's own machine `podman-machine-default` of this provider (never to be changed). */
  podmanMachine?: 'applehv' | 'libkrun';
  /** With podman: the real Podman API socket every stand-in machine's socket forwards to. */
  podmanEngineSocket?: string;
  /**
   * A Mac's power and thermal reads on PATH (`pmset`, `notifyutil`), answering from the JSON file
   * STANDIN_POWER_FILE (lib/power-cli.cjs); without them a run records no power conditions.
   */
  macPower?: boolean;
  /** The sync tools' stand-ins on PATH (mutagen, docker-sync). */
  mutagen?: boolean;
  dockerSync?: boolean;
  /** The docker-compose stand-in (Compose Watch's `watch --no-up` and `version`). */
  composeWatch?: boolean;
  /** Extra environment (STANDIN_FAIL, STANDIN_HANG, MOUNTBENCH_HOST…). */
  env?: NodeJS.ProcessEnv;
  /** Boot and shutdown delays of every stand-in product (default 200 ms / 100 ms: quick tests). */
  startMs?: number;
  stopMs?: number;
}

export interface CommandOutcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface StandinSandbox {
  root: string;
  home: string;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  /** Absolute path of a file under the sandbox home. */
  file(...parts: string[]): string;
  /** Runs a stand-in (or any command on the sandbox PATH) with the sandbox environment. */
  run(
    command: string,
    args: string[],
    extraEnv?: NodeJS.ProcessEnv,
    timeoutMs?: number,
  ): Promise<CommandOutcome>;
  stopAll(): Promise<void>;
  remove(): Promise<void>;
}

export const DD_SETTINGS_DIR = ['Library', 'Group Containers', 'group.com.docker'];
export const RD_SETTINGS = ['Library', 'Preferences', 'rancher-desktop', 'settings.json'];
export const RD_ENGINE = ['Library', 'Application Support', 'rancher-desktop', 'rd-engine.json'];

function infoPlist(version: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
\t<key>CFBundleIdentifier</key>
\t<string>com.docker.docker</string>
\t<key>CFBundleName</key>
\t<string>Docker</string>
\t<key>CFBundleShortVersionString</key>
\t<string>${version}</string>
</dict>
</plist>
`;
}

function copyInto(from: string, to: string): void {
  mkdirSync(dirname(to), { recursive: true });
  copyFileSync(from, to);
}

/** Environment without the caller's Docker selection, so nothing leaks out of the sandbox. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    if (key.startsWith('STANDIN_') || key.startsWith('MOUNTBENCH_')) delete env[key];
  }
  delete env.DOCKER_HOST;
  delete env.DOCKER_CONTEXT;
  delete env.DOCKER_CONFIG;
  delete env.COLIMA_HOME;
  // colima takes $XDG_CONFIG_HOME/colima (and Lima $LIMA_HOME) when set: the sandbox home decides.
  delete env.XDG_CONFIG_HOME;
  delete env.LIMA_HOME;
  // podman takes its machine provider from here before containers.conf: the sandbox decides.
  delete env.CONTAINERS_MACHINE_PROVIDER;
  delete env.XDG_DATA_HOME;
  delete env.MUTAGEN_DATA_DIRECTORY;
  return env;
}

/** Every pid a stand-in product may have left running in `home`. */
function standinPids(home: string, env: NodeJS.ProcessEnv): number[] {
  const files = [
    join(home, 'Library', 'Containers', 'com.docker.docker', 'Data', 'standin', 'state.json'),
    join(home, ...RD_ENGINE),
    join(home, '.orbstack', 'standin', 'state.json'),
    join(home, '.mutagen', 'daemon', 'standin-state.json'),
  ];
  // docker-sync's stand-in keeps one record per running sync, with its poller's pid.
  const syncs = join(home, '.docker-sync-standin', 'syncs');
  if (existsSync(syncs)) for (const name of readdirSync(syncs)) files.push(join(syncs, name));
  const lima = join(home, '.colima', '_lima');
  if (existsSync(lima)) {
    for (const name of readdirSync(lima)) files.push(join(lima, name, 'standin-state.json'));
  }
  // Lima's own instances (the limactl stand-in's VM backend keeps its record in each).
  const limaHome = join(home, '.lima');
  if (existsSync(limaHome)) {
    for (const name of readdirSync(limaHome)) files.push(join(limaHome, name, 'standin-state.json'));
  }
  for (const provider of podmanMachines.PROVIDERS) {
    for (const name of podmanMachines.machineNames(env, provider)) {
      files.push(podmanMachines.paths(env, provider, name).stateFile);
    }
  }
  const pids: number[] = [];
  for (const file of files) {
    try {
      const pid = (JSON.parse(readFileSync(file, 'utf8')) as { pid?: unknown }).pid;
      if (typeof pid === 'number' && pid > 0) pids.push(pid);
    } catch {
      // no such product here
    }
  }
  return pids;
}

/** Folders a stand-in product may have shared through bindfs: the knob's, and the ones on record. */
function sharedDirs(home: string, env: NodeJS.ProcessEnv): string[] {
  const dirs = new Set<string>();
  if (env.STANDIN_DD_SHARED_DIR) dirs.add(env.STANDIN_DD_SHARED_DIR);
  const state = join(home, 'Library', 'Containers', 'com.docker.docker', 'Data', 'standin', 'state.json');
  try {
    const share = (JSON.parse(readFileSync(state, 'utf8')) as { share?: { dir?: unknown } }).share;
    if (typeof share?.dir === 'string') dirs.add(share.dir);
  } catch {
    // Docker Desktop never ran here
  }
  return [...dirs];
}

/** FUSE mounts at or below a folder (the stand-ins' shares), for tests that none is left. */
export function fuseMountsAt(dir: string): string[] {
  return fuseShare.fuseMountsAt(dir);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function createStandinSandbox(options: SandboxOptions = {}): StandinSandbox {
  // Short root: unix socket paths under it must stay below the 104/108-byte limit.
  const root = mkdtempSync(join(tmpdir(), 'mb-sb-'));
  const home = join(root, 'home');
  const dataDir = join(root, 'data');
  mkdirSync(home, { recursive: true });
  mkdirSync(dataDir, { recursive: true });
  // Only the chosen products' CLIs are on PATH, so the others read as not installed.
  const bin = join(root, 'bin');
  mkdirSync(bin);
  const tools = ['docker', 'open', 'osascript'];
  if (options.rancherDesktop) tools.push('rdctl');
  if (options.colima || options.colimaDefault) {
    tools.push('colima');
    if (options.qemu !== false) tools.push('qemu-img');
    if (options.krunkit) tools.push('krunkit');
  }
  if (options.orbstack) tools.push('orb');
  if (options.lima || options.limaDocker) {
    tools.push('limactl');
    if (!tools.includes('qemu-img') && options.qemu !== false) tools.push('qemu-img');
    if (options.krunkit && !tools.includes('krunkit')) tools.push('krunkit');
  }
  if (options.podman || options.podmanMachine) {
    tools.push('podman');
    // Podman's libkrun provider runs krunkit (colima's option of the same name, above, adds it too).
    if (options.krunkit && !tools.includes('krunkit')) tools.push('krunkit');
  }
  if (options.mutagen) tools.push('mutagen');
  if (options.dockerSync) tools.push('docker-sync');
  if (options.composeWatch) tools.push('docker-compose');
  if (options.macPower) tools.push('pmset', 'notifyutil');
  for (const tool of tools) symlinkSync(join(STAND_INS_DIR, tool), join(bin, tool));
  const env: NodeJS.ProcessEnv = {
    ...cleanEnv(),
    HOME: home,
    PATH: `${bin}${delimiter}${pathWithoutProducts()}`,
    MOUNTBENCH_DATA_DIR: dataDir,
    MOUNTBENCH_CACHE_DIR: join(root, 'cache'),
    MOUNTBENCH_HOST: 'darwin arm64 14.5',
    STANDIN_START_MS: String(options.startMs ?? 200),
    STANDIN_STOP_MS: String(options.stopMs ?? 100),
    // A leaked background process ends on its own after ten minutes.
    STANDIN_MAX_LIFETIME_MS: '600000',
  };
  if (options.dockerDesktop) {
    const file = options.dockerDesktop === 'settings-json-4.34' ? 'settings.json' : 'settings-store.json';
    copyInto(
      join(PRODUCT_FIXTURES, 'docker-desktop', options.dockerDesktop, file),
      join(home, ...DD_SETTINGS_DIR, file),
    );
    const version = options.dockerDesktopVersion ?? DD_VERSION_FOR[options.dockerDesktop];
    env.STANDIN_DOCKER_DESKTOP_VERSION = version;
    const plist = join(home, 'Applications', 'Docker.app', 'Contents', 'Info.plist');
    mkdirSync(dirname(plist), { recursive: true });
    writeFileSync(plist, infoPlist(version));
  }
  if (options.dockerDesktop && options.dockerDesktopShare) {
    mkdirSync(env.MOUNTBENCH_CACHE_DIR as string, { recursive: true });
    env.STANDIN_DD_SHARED_DIR = env.MOUNTBENCH_CACHE_DIR;
  }
  if (options.rancherDesktop) {
    copyInto(
      join(PRODUCT_FIXTURES, 'rancher-desktop', `v${options.rancherDesktop}`, 'settings.json'),
      join(home, ...RD_SETTINGS),
    );
    env.STANDIN_RANCHER_DESKTOP_VERSION = RD_VERSION_FOR[options.rancherDesktop];
    if (options.rancherDesktopLocked) {
      writeFileSync(
        join(home, 'Library', 'Preferences', 'io.rancherdesktop.profile.locked.plist'),
        toPlist(options.rancherDesktopLocked),
      );
    }
  }
  if (options.colimaDefault) {
    copyInto(
      join(PRODUCT_FIXTURES, 'colima', 'default', 'colima.yaml'),
      join(home, '.colima', 'default', 'colima.yaml'),
    );
  }
  if (options.orbstack) mkdirSync(join(home, '.orbstack'), { recursive: true });
  if (options.limaDocker) {
    for (const file of ['lima.yaml', 'lima-version']) {
      copyInto(join(PRODUCT_FIXTURES, 'lima', 'docker', file), join(home, '.lima', 'docker', file));
    }
  }
  if (options.podman || options.podmanMachine) {
    // Podman's API sockets are under $TMPDIR (pkg/machine/env/dir_darwin.go): one per sandbox.
    env.TMPDIR = join(root, 't');
    mkdirSync(env.TMPDIR);
    if (options.podmanEngineSocket) env.STANDIN_PODMAN_ENGINE_SOCKET = options.podmanEngineSocket;
    if (options.podmanMachine)
      podmanMachines.writeMachine(env, options.podmanMachine, 'podman-machine-default');
  }
  Object.assign(env, options.env ?? {});

  const sandbox: StandinSandbox = {
    root,
    home,
    dataDir,
    env,
    file: (...parts) => join(home, ...parts),
    run: (command, args, extraEnv = {}, timeoutMs = 60_000) =>
      new Promise((resolve) => {
        execFile(
          command.includes('/') ? command : join(STAND_INS_DIR, command),
          args,
          { env: { ...env, ...extraEnv }, timeout: timeoutMs, encoding: 'utf8' },
          (err, stdout, stderr) => {
            const code = err ? (typeof err.code === 'number' ? err.code : null) : 0;
            resolve({ code, stdout, stderr });
          },
        );
      }),
    async stopAll() {
      const shares = sharedDirs(home, env);
      const pids = standinPids(home, env);
      for (const pid of pids) {
        try {
          process.kill(pid, 'SIGTERM');
        } catch {
          // already gone
        }
      }
      for (let i = 0; i < 100 && pids.some(alive); i++) await sleep(50);
      for (const pid of pids.filter(alive)) process.kill(pid, 'SIGKILL');
      // A product killed before it took its share down leaves bindfs mounted: never left behind.
      for (const dir of shares) fuseShare.unmountShares(dir);
    },
    async remove() {
      await sandbox.stopAll();
      rmSync(root, { recursive: true, force: true });
    },
  };
  return sandbox;
}

/** sha256 of a file's bytes, for "byte-identical" checks with a readable failure. */
export function fileDigest(path: string): string | null {
  try {
    return createHash('sha256').update(readFileSync(path)).digest('hex');
  } catch {
    return null;
  }
}
