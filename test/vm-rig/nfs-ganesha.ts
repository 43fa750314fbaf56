// A real NFS server for the VM rig's guest: NFS-Ganesha (Debian's nfs-ganesha + nfs-ganesha-vfs),
// which serves NFS from userspace, so it runs on a host whose kernel has no NFS server. It exports
// one host folder over NFSv4 on the host's loopback, which the guest reaches as 10.0.2.2 (QEMU user
// networking): the Mac's shape, where the host exports and the engine's VM mounts. Test support only.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';

export const GANESHA = '/usr/bin/ganesha.nfsd';
export const NFS_PORT = 2049;

export interface Ganesha {
  readonly log: string;
  stop(): Promise<void>;
}

/**
 * NFSv4 only (no rpcbind, mountd or NLM needed); root not squashed, since the bench container
 * runs as root; attributes not cached by the server, since the test lays fixtures in the folder
 * behind Ganesha's back (the host's own writes, as a developer's editor makes them).
 */
function config(exported: string, stateDir: string): string {
  return `NFS_CORE_PARAM {
  Protocols = 4;
  NFS_Port = ${NFS_PORT};
  Bind_addr = 127.0.0.1;
  Enable_NLM = false;
  Enable_RQUOTA = false;
}
NFSv4 {
  Graceless = true;
  RecoveryBackend = fs;
  RecoveryRoot = "${join(stateDir, 'recovery')}";
}
EXPORT {
  Export_Id = 1;
  Path = "${exported}";
  Pseudo = "${exported}";
  Protocols = 4;
  Access_Type = RW;
  Squash = No_Root_Squash;
  SecType = sys;
  Attr_Expiration_Time = 0;
  FSAL { Name = VFS; }
}
`;
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.on('connect', () => done(true));
    socket.on('error', () => done(false));
  });
}

/** Starts Ganesha exporting `exported`; resolves once it listens on 127.0.0.1:2049. */
export async function startGanesha(exported: string, stateDir: string): Promise<Ganesha> {
  if (!existsSync(GANESHA))
    throw new Error(`${GANESHA} is missing: apt-get install nfs-ganesha nfs-ganesha-vfs`);
  if (await answers(NFS_PORT)) throw new Error(`something already listens on 127.0.0.1:${NFS_PORT}`);
  mkdirSync(join(stateDir, 'recovery'), { recursive: true });
  const conf = join(stateDir, 'ganesha.conf');
  const log = join(stateDir, 'ganesha.log');
  writeFileSync(conf, config(exported, stateDir));
  const child: ChildProcess = spawn(
    GANESHA,
    ['-F', '-f', conf, '-L', log, '-p', join(stateDir, 'ganesha.pid'), '-N', 'NIV_EVENT'],
    { stdio: 'ignore' },
  );
  const killOnExit = () => child.kill('SIGKILL');
  process.on('exit', killOnExit);
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  for (let i = 0; i < 60 && child.exitCode === null; i++) {
    if (await answers(NFS_PORT)) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  if (!(await answers(NFS_PORT))) {
    child.kill('SIGKILL');
    const tail = existsSync(log) ? readFileSync(log, 'utf8').split('\n').slice(-15).join('\n') : '';
    throw new Error(`Ganesha did not listen on ${NFS_PORT}:\n${tail}`);
  }
  return {
    log,
    async stop() {
      process.off('exit', killOnExit);
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
