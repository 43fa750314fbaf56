// "Benchmark my setup" with a product's setting to switch: the last word before anything
// restarts. It repeats the dry run: what restarts, which running containers stop, the settings
// tried, and that they are put back at the end.
import type { SweepProposalView } from '../../../shared/sweep';
import { ConfirmDialog } from './ConfirmDialog';
import { RestartList } from './RestartList';

interface Props {
  proposal: SweepProposalView;
  onConfirm(): void;
  onCancel(): void;
}

export function SweepConfirmDialog({ proposal, onConfirm, onCancel }: Props) {
  const product = proposal.provider.label;
  return (
    <ConfirmDialog
      title={`Switch ${product} through ${proposal.variants.length} setting(s)?`}
      testId="sweep-confirm"
      confirmLabel={proposal.restarts ? `Restart ${product} and benchmark` : 'Benchmark'}
      refused={proposal.blockers.length > 0}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <RestartList
        product={product}
        restarts={proposal.restarts}
        containersToStop={proposal.containersToStop}
        estimatedSeconds={proposal.estimatedSeconds}
        testId="sweep-confirm"
      />
      <p>Settings tried: {proposal.variants.map((v) => v.label).join(', ')}.</p>
      <p className="note">
        Each setting is checked before it is measured. When the sweep ends, or is cancelled, {product}&apos;s
        settings and running state are put back as they are now.
      </p>
    </ConfirmDialog>
  );
}
