// The file-sharing settings of a product Mountbench can switch (Docker Desktop, Rancher Desktop,
// colima, OrbStack): its current one ticked, the others to try, unavailable ones greyed with why.
// Ticking anything but the current one turns the benchmark into a sweep (the product restarts).
import type { ProviderId } from '../../../shared/ids';
import type { ProviderSummary } from '../../../shared/sweep';

interface Props {
  products: ProviderSummary[];
  chosen: ProviderId | null;
  variants: string[];
  reversePass: boolean;
  onChooseProduct(id: ProviderId): void;
  onToggleVariant(id: string): void;
  onToggleReversePass(): void;
}

export function SwitchVariantsPicker({
  products,
  chosen,
  variants,
  reversePass,
  onChooseProduct,
  onToggleVariant,
  onToggleReversePass,
}: Props) {
  const product = products.find((p) => p.detection.id === chosen);
  if (!product) return null;
  const picked = product.variants.filter((v) => v.available && variants.includes(v.id));
  return (
    <div
      className="variants"
      role="group"
      aria-label={`${product.detection.label} file-sharing settings`}
      data-testid="switch-variants"
    >
      <p className="subhead">
        File-sharing settings of{' '}
        {products.length > 1 ? (
          <select
            value={product.detection.id}
            onChange={(e) => onChooseProduct(e.target.value as ProviderId)}
            data-testid="switch-product-select"
          >
            {products.map((p) => (
              <option key={p.detection.id} value={p.detection.id}>
                {p.detection.label}
              </option>
            ))}
          </select>
        ) : (
          product.detection.label
        )}
      </p>
      {product.variants.map((v) => {
        const current = v.id === product.detection.currentVariant;
        return (
          <label key={v.id} className={`choice compact ${v.available ? '' : 'disabled'}`}>
            <input
              type="checkbox"
              checked={v.available && variants.includes(v.id)}
              disabled={!v.available}
              onChange={() => onToggleVariant(v.id)}
              data-testid={`switch-variant-${v.id}`}
            />
            <span>
              <span className="choice-title">
                {v.label}
                {current && <span className="badge">current</span>}
              </span>
              {!v.available && (
                <span className="choice-detail" data-testid={`switch-variant-reason-${v.id}`}>
                  {v.reason}
                </span>
              )}
            </span>
          </label>
        );
      })}
      {picked.length > 1 && (
        <label className="choice compact">
          <input
            type="checkbox"
            checked={reversePass}
            onChange={onToggleReversePass}
            data-testid="switch-reverse-pass"
          />
          <span>
            <span className="choice-title">Measure again in reverse order (recommended)</span>
            <span className="choice-detail">
              {picked.map((v) => v.label).join(' → ')}, then back again: settings are measured minutes apart,
              and the machine drifts (load, heat); a difference between settings then counts only when it is
              larger than a setting&apos;s own two passes moved. Unticked: half the restarts and time, and
              drift can read as a difference.
            </span>
          </span>
        </label>
      )}
      <p className="note">
        Trying a setting other than the current one restarts {product.detection.label}; it is put back
        afterwards.
      </p>
    </div>
  );
}
