// Which backends to try: the mounts, the plain engine's variants, and the workload × mount pairs
// that cannot run (greyed, with the core's reason) so nobody waits for a result that never comes.
import type { MountInfo, WorkloadInfo } from '../../../shared/api';
import type { DiscoveredEngine } from '../../../shared/engine';
import { MOUNT_KINDS, type MountKind } from '../../../shared/ids';
import { PRODUCT_NAMES } from '../lib/machine-words';
import { dashboardVariants, MOUNT_LABELS } from '../../../shared/backend-plan';
import { mountUnavailableReason } from '../stores/setup-store';
import { MOUNT_FACTS } from '../../../shared/mounts';

interface Props {
  engine: DiscoveredEngine | null;
  mounts: MountKind[];
  variants: string[];
  workloads: WorkloadInfo[];
  /** Availability from the core; the sync mounts are disabled, with the reason, when their tool is missing. */
  mountInfo: MountInfo[];
  /** The engine's product has settings to switch (listed under this picker): no "as set" note. */
  switchable?: boolean;
  onToggleMount(mount: MountKind): void;
  onToggleVariant(id: string): void;
}

export function BackendPicker({
  engine,
  mounts,
  variants,
  workloads,
  mountInfo,
  switchable = false,
  onToggleMount,
  onToggleVariant,
}: Props) {
  const offered = dashboardVariants(engine?.provider ?? null);
  const skipped = mounts
    .filter((m) => !mountUnavailableReason(mountInfo, m))
    .flatMap((mount) =>
      workloads.flatMap((w) =>
        w.unsupported[mount] ? [{ mount, workload: w, reason: w.unsupported[mount] }] : [],
      ),
    );
  return (
    <fieldset className="choices">
      <legend>Backends to try</legend>
      {MOUNT_KINDS.map((mount) => {
        const needsEngine = mount !== 'host' && !engine;
        const unavailable = mountUnavailableReason(mountInfo, mount);
        const disabled = needsEngine || unavailable !== null;
        return (
          <label key={mount} className={`choice ${disabled ? 'disabled' : ''}`}>
            <input
              type="checkbox"
              checked={mounts.includes(mount) && !disabled}
              disabled={disabled}
              onChange={() => onToggleMount(mount)}
              data-testid={`mount-checkbox-${mount}`}
            />
            <span>
              <span className="choice-title">{mount === 'host' ? 'host baseline' : MOUNT_LABELS[mount]}</span>
              <span className="choice-detail">
                {unavailable
                  ? `unavailable: ${unavailable}`
                  : needsEngine
                    ? 'needs a running engine'
                    : MOUNT_FACTS[mount].detail}
              </span>
            </span>
          </label>
        );
      })}
      {engine && offered.length > 0 && (
        <div className="variants" role="group" aria-label={`${PRODUCT_NAMES[engine.provider]} variants`}>
          <p className="subhead">How bind mounts are served</p>
          {offered.map((v) => (
            <label key={v.id} className="choice compact">
              <input
                type="checkbox"
                checked={variants.includes(v.id)}
                onChange={() => onToggleVariant(v.id)}
                data-testid={`variant-checkbox-${v.id}`}
              />
              <span>
                <span className="choice-title">{v.label}</span>
                {v.note && <span className="choice-detail">{v.note}</span>}
              </span>
            </label>
          ))}
        </div>
      )}
      {engine && offered.length === 0 && !switchable && (
        <p className="note" data-testid="variants-as-set">
          {PRODUCT_NAMES[engine.provider]} is measured with its current file-sharing setting.
        </p>
      )}
      {skipped.length > 0 && (
        <ul className="plain skipped" aria-label="Pairs that will not run">
          {skipped.map(({ mount, workload, reason }) => (
            <li key={`${mount}-${workload.id}`} data-testid={`unsupported-${mount}-${workload.id}`}>
              {workload.title} on {MOUNT_LABELS[mount]}: not run — {reason}
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
