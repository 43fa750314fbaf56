// The Docker engines discovery found: which product owns each, its version, whether it answers
// (and why not), which one the run will use and the fs type its bind mounts land on; then the
// products with their file-sharing setting.
import type { DiscoveredEngine, EngineFsSeen } from '../../../shared/engine';
import type { ProviderSummary } from '../../../shared/sweep';
import { formatBytes, PRODUCT_NAMES } from '../lib/machine-words';
import { Card } from './Card';
import { NoEngineHelp } from './NoEngineHelp';
import { ProductSettings } from './ProductSettings';

function details(engine: DiscoveredEngine): string {
  return [
    engine.serverVersion && `Docker ${engine.serverVersion}`,
    engine.os,
    engine.arch,
    engine.cpus !== undefined && `${engine.cpus} CPUs`,
    engine.memoryBytes !== undefined && formatBytes(engine.memoryBytes),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** Where a bind mount on the engine really lands, as a container saw it. */
function FsSeen({ seen, name }: { seen: EngineFsSeen | 'checking' | undefined; name: string }) {
  if (!seen) return null;
  return (
    <div className="fs-seen" data-testid={`engine-fs-${name}`}>
      {seen === 'checking' ? (
        'Bind mounts land on: looking…'
      ) : seen.fsType ? (
        <>
          Bind mounts land on <code>{seen.fsType}</code> (seen in a container just now)
        </>
      ) : (
        `Bind mounts: ${seen.reason ?? 'not seen'}`
      )}
    </div>
  );
}

interface Props {
  engines: DiscoveredEngine[];
  chosen: string | null;
  /** What a bind mount lands on, per engine name, once looked at. */
  fsSeen?: Record<string, EngineFsSeen | 'checking'>;
  /** The products found, with their current file-sharing setting. */
  products?: ProviderSummary[];
  onChoose(name: string): void;
  onRefresh(): void;
}

export function EnginesCard({ engines, chosen, fsSeen = {}, products = [], onChoose, onRefresh }: Props) {
  const reachable = engines.filter((e) => e.reachable);
  return (
    <Card
      title="Engines"
      testId="engines-card"
      actions={
        <button type="button" className="quiet small" data-testid="engines-refresh" onClick={onRefresh}>
          Look again
        </button>
      }
    >
      {engines.length > 0 && (
        <ul className="engines" aria-label="Docker engines found">
          {engines.map((engine) => (
            <li
              key={`${engine.name}\u0000${engine.endpoint}`}
              className={engine.reachable ? 'up' : 'down'}
              data-testid={`engine-${engine.name}`}
            >
              <label className="engine-choice">
                <input
                  type="radio"
                  name="engine"
                  value={engine.name}
                  checked={engine.name === chosen && engine.reachable}
                  disabled={!engine.reachable}
                  onChange={() => onChoose(engine.name)}
                  data-testid={`engine-radio-${engine.name}`}
                />
                <span>
                  <strong>{engine.name}</strong>
                  <span className="badge">{PRODUCT_NAMES[engine.provider]}</span>
                  {engine.current && <span className="badge">current</span>}
                  {engine.name === chosen && !engine.reachable && (
                    // Still the one asked for: Setup refuses rather than measure another.
                    <span className="badge" data-testid={`engine-asked-${engine.name}`}>
                      asked for, not answering
                    </span>
                  )}
                </span>
              </label>
              <div className="endpoint">{engine.endpoint}</div>
              <div className={engine.reachable ? '' : 'why'}>
                {engine.reachable ? details(engine) : `Not reachable: ${engine.error ?? 'no answer'}`}
              </div>
              {engine.reachable && <FsSeen seen={fsSeen[engine.name]} name={engine.name} />}
            </li>
          ))}
        </ul>
      )}
      {reachable.length === 0 && <NoEngineHelp found={engines.length} />}
      <ProductSettings products={products} />
    </Card>
  );
}
