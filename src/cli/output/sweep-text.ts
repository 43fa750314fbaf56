// Plain-text views of providers, sweep proposals and sweep outcomes for the terminal.
import type { ProviderDetection, VariantSpec } from '../../core/app/products';
import type { SweepFinish } from '../../shared/sweep';
import type { SweepProposal } from '../../core/sweep';
import { formatEta } from './progress-line';

export function providerText(found: ProviderDetection, variants: VariantSpec[]): string {
  const state = !found.installed
    ? 'not installed'
    : found.running === null
      ? 'state unknown'
      : found.running
        ? 'running'
        : 'stopped';
  const lines = [`${found.label} (${found.id})${found.version ? ` ${found.version}` : ''}: ${state}`];
  if (!found.installed) return lines.join('\n');
  if (found.settingsFile) lines.push(`  settings: ${found.settingsFile}`);
  lines.push(
    `  file sharing now: ${found.currentSetting ?? 'unknown'}${found.currentVariant ? ` (${found.currentVariant})` : ''}`,
  );
  if (found.engineName) lines.push(`  engine: ${found.engineName}`);
  lines.push('  variants:');
  const width = Math.max(...variants.map((v) => v.id.length));
  for (const v of variants) {
    const mark = v.available ? '✓' : '✗';
    const tail = v.available
      ? v.expectedFsTypes.length
        ? `bind mounts on ${v.expectedFsTypes.join(' or ')}`
        : ''
      : `unavailable: ${v.reason}`;
    lines.push(`    ${mark} ${v.id.padEnd(width)}  ${v.label}${tail ? ` — ${tail}` : ''}`);
  }
  for (const p of found.problems) lines.push(`  problem: ${p}`);
  return lines.join('\n');
}

export function proposalText(p: SweepProposal): string {
  const lines = [`Sweep of ${p.provider.label}${p.provider.version ? ` ${p.provider.version}` : ''}:`];
  for (const v of p.variants) {
    if (v.blocker) {
      lines.push(`  ✗ ${v.spec.id} (${v.spec.label}): ${v.blocker}`);
      continue;
    }
    const plan = v.plan;
    const what =
      !plan || !plan.changes
        ? 'no change needed'
        : plan.writes.map((w) => `${w.key} ${JSON.stringify(w.from)} → ${JSON.stringify(w.to)}`).join(', ') ||
          'start it';
    lines.push(
      `  • ${v.spec.id} (${v.spec.label}): ${what}${plan?.restarts ? `; restarts (~${formatEta(plan.estimatedSeconds)})` : ''}`,
    );
    for (const note of plan?.notes ?? []) lines.push(`      ${note}`);
  }
  lines.push(`  backends: ${p.backends.map((b) => b.id).join(', ')}`);
  if (p.restarts) {
    lines.push(
      p.containersToStop.length
        ? `  these running containers will stop: ${p.containersToStop.join(', ')}`
        : `  ${p.provider.label} restarts; no running containers of yours will stop`,
    );
  }
  lines.push('  afterwards the original settings, running state and Docker context are put back');
  if (p.unavailable.length) {
    lines.push('  not in this sweep:');
    for (const u of p.unavailable) lines.push(`    ${u.id}: ${u.reason}`);
  }
  if (p.mountStrategies.length) {
    lines.push('  sync mounts:');
    for (const m of p.mountStrategies)
      lines.push(`    ${m.id}: ${m.available ? '' : 'unavailable: '}${m.reason}`);
  }
  for (const n of p.notes) lines.push(`  note: ${n}`);
  lines.push(`  estimated time: ~${formatEta(p.estimatedSeconds)}`);
  for (const b of p.blockers) lines.push(`  cannot start: ${b}`);
  return lines.join('\n');
}

export function outcomeText(o: Pick<SweepFinish, 'variants' | 'restored' | 'restoreError'>): string {
  const lines: string[] = [];
  for (const v of o.variants) {
    lines.push(
      `  ${v.ok ? '✓' : '✗'} ${v.variant}${v.fsType ? ` (bind mounts on ${v.fsType})` : ''}${v.message ? `: ${v.message}` : ''}`,
    );
  }
  lines.push(
    o.restored
      ? 'Settings, running state and Docker context were put back.'
      : `NOT everything was put back: ${o.restoreError}`,
  );
  return lines.join('\n');
}
