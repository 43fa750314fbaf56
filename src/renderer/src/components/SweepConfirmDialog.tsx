// "Benchmark my setup" with a product's setting to switch: the last word before anything
// restarts. It repeats the dry run: what restarts, which running containers stop, the settings
// tried, and that they are put back at the end.
import type { SweepProposalView } from '../../../shared/sweep';
import { ConfirmDialog } from './ConfirmDialog';
import { RestartList } from './RestartList';

interface Props {
  proposal: SweepProposalView;
  /** The restarts' own seconds (Setup's plan); null when not known. */
  restartSeconds: number | null;
  /** The plan's one total, in words (StartPanel's totalWords). */
  total: string;
  onConfirm(): void;
  onCancel(): void;
}

export function SweepConfirmDialog({ proposal, restartSeconds, total, onConfirm, onCancel }: Props) {
  const product = proposal.provider.label;
  return (
    <ConfirmDialog
      title={`Compare ${proposal.variants.length} file-sharing settings of ${product}?`}
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
        estimatedSeconds={restartSeconds}
        sweep
        testId="sweep-confirm"
      />
      <p>Settings tried, in this order: {proposal.variants.map((v) => v.label).join(', ')}.</p>
      <p data-testid="sweep-confirm-total">{total}</p>
      <p className="note">
        Each setting is checked before it is measured. When the sweep ends, or is cancelled, {product}&apos;s
        settings and running state are put back as they are now.
      </p>
    </ConfirmDialog>
  );
}
