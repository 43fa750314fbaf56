// The labels a mutagen session carries. Mutagen label values follow Kubernetes' rules (at most 63
// letters, digits, `-`, `_`, `.`), so the owner `host:pid` is written `host_pid` and read back here.
import { MOUNTBENCH_LABEL, MOUNTBENCH_LABEL_VALUE } from '../../shared/ids';
import { currentOwner, OWNER_LABEL } from './run-owner';

export const RUN_LABEL = 'mountbench.run';

export function ownerToLabelValue(owner: string): string {
  const at = owner.lastIndexOf(':');
  const host = owner.slice(0, at).replace(/[^A-Za-z0-9._-]/g, '-');
  return `${host}_${owner.slice(at + 1)}`.replace(/^[^A-Za-z0-9]+/, '').slice(-63);
}

/** Back to `host:pid` for ownerIsAlive; a host that had to be rewritten no longer matches (kept). */
export function ownerFromLabelValue(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const at = value.lastIndexOf('_');
  if (at < 0) return undefined;
  return `${value.slice(0, at)}:${value.slice(at + 1)}`;
}

export function syncLabels(runId: string): Record<string, string> {
  return {
    [MOUNTBENCH_LABEL]: MOUNTBENCH_LABEL_VALUE,
    [RUN_LABEL]: runId,
    [OWNER_LABEL]: ownerToLabelValue(currentOwner()),
  };
}
