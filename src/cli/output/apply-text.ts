// Plain-text views of "apply a setting": its dry run and how it ended.
import type { ApplyProposal, ApplyResult } from '../../shared/sweep';
import { formatEta } from './progress-line';

export function applyProposalText(p: ApplyProposal): string {
  const lines = [
    `Apply ${p.variant.label} (${p.variant.id}) to ${p.provider.label}${p.provider.version ? ` ${p.provider.version}` : ''}:`,
    `  now: ${p.provider.currentSetting ?? 'unknown'}${p.provider.currentVariant ? ` (${p.provider.currentVariant})` : ''}`,
  ];
  if (!p.plan.changes) {
    lines.push('  already set: nothing to change');
    return lines.join('\n');
  }
  for (const w of p.plan.writes)
    lines.push(`  writes ${w.key}: ${JSON.stringify(w.from)} → ${JSON.stringify(w.to)}`);
  if (p.provider.settingsFile) lines.push(`  in ${p.provider.settingsFile} (a copy is kept first)`);
  if (p.plan.restarts) {
    lines.push(`  ${p.provider.label} restarts (~${formatEta(p.plan.estimatedSeconds)})`);
    lines.push(
      p.containersToStop.length
        ? `  these running containers will stop: ${p.containersToStop.join(', ')}`
        : '  no running containers of yours will stop',
    );
  }
  for (const note of [...p.plan.notes, ...p.notes]) lines.push(`  note: ${note}`);
  lines.push('  The setting stays once it is verified; if it does not take, the original is put back.');
  return lines.join('\n');
}

export function applyResultText(r: ApplyResult): string {
  const mark = r.status === 'failed' ? '✗' : '✓';
  const lines = [`${mark} ${r.message}`];
  if (r.status === 'applied' && r.journal) lines.push(`  journal: ${r.journal}`);
  if (r.status === 'failed' && r.backups.length)
    lines.push(`  copies of the originals: ${r.backups.join(', ')}`);
  return lines.join('\n');
}
