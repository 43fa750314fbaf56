// What a backend is, in terms the trade-offs and actions can act on. Measured rows name their
// variant in the backend key (`provider/variant/mount`); published rows only describe it in words
// ("9p (msize 128 KiB)", "gRPC-FUSE"), so both are read from the same text, tolerantly.
import type { ProviderId } from '../../shared/ids';
import type { BackendRef } from '../../shared/recommendation';
import { PLAIN_ENGINE } from './plain-engine-id';

export type FileSharing =
  'virtiofs' | 'grpcfuse' | 'osxfs' | 'docker-vmm' | '9p' | 'sshfs' | 'native' | 'fuse' | 'unknown';

export type VmType = 'vz' | 'qemu' | 'krunkit';
export type BindFlag = 'consistent' | 'cached' | 'delegated';

export interface SetupKind {
  backend: BackendRef;
  provider: ProviderId | null;
  mount: BackendRef['mount'];
  sharing: FileSharing;
  vmType: VmType | null;
  /** 9p message size, when the variant names one. */
  msizeKib: number | null;
  bindFlag: BindFlag | null;
  /** The provider's variant id (middle part of a `provider/variant/mount` key), or null. */
  variant: string | null;
  /** docker-sync's strategy when named (`unison`, `rsync`, `native_osx`). */
  syncStrategy: string | null;
}

function variantOf(backend: BackendRef): string | null {
  const parts = backend.key.split('/');
  return parts.length === 3 && backend.provider !== null && parts[0] === backend.provider ? parts[1] : null;
}

function sharingOf(text: string, provider: ProviderId | null): FileSharing {
  // Order matters: "Docker VMM" runs on VirtioFS, and "gRPC FUSE" contains "fuse".
  // libkrun alone is Docker VMM's hypervisor; run by krunkit (colima, Lima, Podman's libkrun
  // machines) it is a VM whose mount type is named beside it.
  if (/docker[\s-]?vmm|\bvmm\b/.test(text) || (/libkrun/.test(text) && !/krunkit/.test(text)))
    return 'docker-vmm';
  if (/virtio-?fs/.test(text)) return 'virtiofs';
  if (/grpc/.test(text)) return 'grpcfuse';
  if (/osxfs/.test(text)) return 'osxfs';
  if (/(^|[^a-z0-9])9p([^a-z0-9]|$)/.test(text)) return '9p';
  if (/sshfs/.test(text)) return 'sshfs';
  if (/native/.test(text)) return 'native';
  if (provider === PLAIN_ENGINE && /fuse|bindfs/.test(text)) return 'fuse';
  // A plain Linux engine with no variant named shares files natively.
  if (provider === PLAIN_ENGINE) return 'native';
  return 'unknown';
}

function vmTypeOf(text: string): VmType | null {
  if (/krunkit/.test(text)) return 'krunkit';
  if (/(^|[^a-z0-9])vz([^a-z0-9]|$)/.test(text)) return 'vz';
  if (/qemu/.test(text)) return 'qemu';
  return null;
}

export function describeSetup(backend: BackendRef): SetupKind {
  const variant = variantOf(backend);
  const text = [backend.fileSharing, variant, backend.label, backend.key]
    .filter((s): s is string => Boolean(s))
    .join(' ')
    .toLowerCase();
  const msize = /msize\D{0,10}(\d+)/.exec(text);
  const flag = /:(consistent|cached|delegated)\b/.exec(`${backend.key} ${backend.label}`.toLowerCase());
  const strategy = /\b(unison|rsync|native_osx)\b/.exec(text);
  return {
    backend,
    provider: backend.provider,
    mount: backend.mount,
    sharing: sharingOf(text, backend.provider),
    vmType: vmTypeOf(text),
    msizeKib: msize ? Number(msize[1]) : null,
    bindFlag: flag ? (flag[1] as BindFlag) : null,
    variant,
    syncStrategy: strategy ? strategy[1] : null,
  };
}
