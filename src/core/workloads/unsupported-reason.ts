// Whether a workload runs on a mount, decided in one place for the two that must agree: the runner
// skips the pair for this reason (`skipped` in the result file), and the estimate (Setup, the dry
// runs, the sweep's time left) leaves the same pair out instead of counting time nobody will spend.
// Beside what the workload says itself (a host cannot write into a named volume), a workload needing
// tools runs on the host baseline only where the host's PATH has every one of them.
import type { MountKind } from '../../shared/ids';
import { MOUNT_FACTS } from '../../shared/mounts';
import { missingHostPrograms } from '../vocab/host-programs';
import type { Workload } from './workload';
import { findNfsExport } from '../nfs/nfs-export';

/** Why it does not run on the host: a program it needs that the PATH lacks; null when it runs. */
function missingOnHost(needsTools: readonly string[], env: NodeJS.ProcessEnv): string | null {
  if (!needsTools.length) return null;
  const missing = missingHostPrograms(needsTools, env);
  if (!missing.length) return null;
  const names = missing.join(' and ');
  return `it needs ${names} on the host, and ${missing.length > 1 ? 'they are' : 'it is'} not on the PATH: install ${names} to measure the host baseline`;
}

/** Where the host exports no folder, what the user must run to export one (needs admin rights). */
function nfsExportMissing(env: NodeJS.ProcessEnv): string | null {
  const lookup = findNfsExport(env);
  return lookup.found ? null : `no NFS export to mount: ${lookup.reason}`;
}

/** Why `workload` cannot run on `mount` here, or null when it can. */
export function unsupportedReason(
  workload: Pick<Workload, 'unsupportedOn' | 'needsTools'>,
  mount: MountKind,
  env: NodeJS.ProcessEnv = process.env,
): string | null {
  return (
    workload.unsupportedOn(mount) ??
    (mount === 'host' ? missingOnHost(workload.needsTools, env) : null) ??
    (MOUNT_FACTS[mount].needs === 'nfs-export' ? nfsExportMissing(env) : null)
  );
}
