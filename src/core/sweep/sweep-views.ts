// The core's sweep proposal narrowed to what the dashboard is sent (SweepProposalView): the
// provider's full variant specs and backends stay in the core, only ids, labels and plans travel.
import type { ProviderSummary, SweepProposalView } from '../../shared/sweep';
import type { Provider, ProviderContext } from '../providers/provider';
import type { SweepProposal } from './propose';

export function proposalView(proposal: SweepProposal): SweepProposalView {
  return {
    provider: proposal.provider,
    variants: proposal.variants.map((v) => ({
      id: v.spec.id,
      label: v.spec.label,
      plan: v.plan,
      ...(v.blocker ? { blocker: v.blocker } : {}),
    })),
    unavailable: proposal.unavailable,
    backends: proposal.backends.map((b) => ({ id: b.id, label: b.label })),
    restarts: proposal.restarts,
    containersToStop: proposal.containersToStop,
    estimatedSeconds: proposal.estimatedSeconds,
    blockers: proposal.blockers,
    notes: [...proposal.notes, ...proposal.mountStrategies.map((s) => `${s.id}: ${s.reason}`)],
  };
}

/** One product as the engines card shows it; its variants only when it is installed. */
export async function providerSummary(provider: Provider, ctx: ProviderContext): Promise<ProviderSummary> {
  const detection = await provider.detect(ctx);
  const variants = detection.installed ? await provider.listVariants(ctx) : [];
  return {
    detection,
    // Only the fields of the shared type: a VariantSpec also carries fs types and bind flags.
    variants: variants.map((v) => ({
      id: v.id,
      label: v.label,
      available: v.available,
      ...(v.reason ? { reason: v.reason } : {}),
      affects: v.affects,
    })),
    switches: provider.id !== 'docker-engine',
  };
}
