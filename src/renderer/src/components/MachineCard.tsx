import type { AppInfo } from '../../../shared/api';
import { architectureWords, formatBytes, osWords, rosettaNote } from '../lib/machine-words';
import { Card } from './Card';

export function MachineCard({ info }: { info: AppInfo }) {
  const { machine } = info;
  const rosetta = rosettaNote(machine);
  return (
    <Card title="This machine" testId="machine-card">
      <dl className="facts">
        <dt>Chip</dt>
        <dd data-testid="machine-chip">{machine.chip}</dd>
        <dt>Architecture</dt>
        <dd data-testid="machine-arch">{architectureWords(machine)}</dd>
        <dt>Cores</dt>
        <dd>{machine.cores}</dd>
        <dt>Memory</dt>
        <dd>{formatBytes(machine.memoryBytes)}</dd>
        <dt>System</dt>
        <dd>{osWords(machine)}</dd>
      </dl>
      {rosetta && (
        <p className="note" data-testid="machine-rosetta">
          {rosetta}
        </p>
      )}
    </Card>
  );
}
