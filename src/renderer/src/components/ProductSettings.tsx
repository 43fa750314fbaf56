// The Docker products found on this machine, each with its version, state and current
// file-sharing setting (providers.list), under the engines.
import type { ProviderSummary } from '../../../shared/sweep';

function state(p: ProviderSummary): string {
  if (p.detection.running === null) return 'state unknown';
  return p.detection.running ? 'running' : 'stopped';
}

export function ProductSettings({ products }: { products: ProviderSummary[] }) {
  const installed = products.filter((p) => p.detection.installed);
  if (installed.length === 0) return null;
  return (
    <ul className="plain products" aria-label="Docker products found" data-testid="products">
      {installed.map((p) => (
        <li key={p.detection.id} data-testid={`product-${p.detection.id}`}>
          <strong>{p.detection.label}</strong>
          {p.detection.version && ` ${p.detection.version}`} ({state(p)}): file sharing{' '}
          <span data-testid={`product-setting-${p.detection.id}`}>
            {p.detection.currentSetting ?? 'unknown'}
          </span>
          {p.detection.problems.map((problem) => (
            <div key={problem} className="why">
              {problem}
            </div>
          ))}
        </li>
      ))}
    </ul>
  );
}
