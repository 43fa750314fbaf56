// The questions a hyperfine export leaves open (which setup, workload, size; which machine), asked
// before it is stored as a run "imported from hyperfine". The core checks the answers again.
import { useState, type FormEvent } from 'react';
import type { HyperfineImportDetails } from '../../../shared/api';
import { MOUNT_KINDS, SIZES, WORKLOAD_IDS, isOneOf } from '../../../shared/ids';

interface Props {
  fileName: string;
  /** The commands in the file; a choice appears when there are several. */
  commands: string[];
  onImport(details: HyperfineImportDetails): void;
  onCancel(): void;
}

export function HyperfineImportForm({ fileName, commands, onImport, onCancel }: Props) {
  const [backendLabel, setBackendLabel] = useState('');
  const [workload, setWorkload] = useState<string>('small-file-read');
  const [size, setSize] = useState<string>('default');
  const [mount, setMount] = useState<string>('bind');
  const [fsType, setFsType] = useState('');
  const [machineLabel, setMachineLabel] = useState('');
  const [result, setResult] = useState(1);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isOneOf(WORKLOAD_IDS, workload) || !isOneOf(SIZES, size) || !isOneOf(MOUNT_KINDS, mount)) return;
    onImport({
      backendLabel: backendLabel.trim(),
      workload,
      size,
      mount,
      fsType: fsType.trim() || null,
      machineLabel: machineLabel.trim() || null,
      result: commands.length > 1 ? result : null,
    });
  };
  const select = (
    label: string,
    value: string,
    set: (v: string) => void,
    options: readonly string[],
    id: string,
  ) => (
    <label className="field">
      <span>{label}</span>
      <select value={value} onChange={(e) => set(e.target.value)} data-testid={`hyperfine-${id}`}>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </label>
  );
  const text = (
    label: string,
    value: string,
    set: (v: string) => void,
    max: number,
    id: string,
    hint?: string,
  ) => (
    <label className="field">
      <span>{label}</span>
      <input
        value={value}
        onChange={(e) => set(e.target.value)}
        placeholder={hint}
        maxLength={max}
        required={id === 'backend'}
        data-testid={`hyperfine-${id}`}
      />
    </label>
  );
  return (
    <form className="hyperfine-import" onSubmit={submit} data-testid="hyperfine-form">
      <p className="note">
        {fileName} is a hyperfine export. hyperfine does not record what its times were measured on: say it
        here. They are stored as measured on this machine and marked &ldquo;imported from hyperfine&rdquo;.
      </p>
      {commands.length > 1 && (
        <label className="field">
          <span>Benchmark</span>
          <select
            value={result}
            onChange={(e) => setResult(Number(e.target.value))}
            data-testid="hyperfine-result"
          >
            {commands.map((c, i) => (
              <option key={i} value={i + 1}>
                {c}
              </option>
            ))}
          </select>
        </label>
      )}
      {text(
        'Backend (your words)',
        backendLabel,
        setBackendLabel,
        300,
        'backend',
        'Docker Desktop VirtioFS bind',
      )}
      {select('Workload', workload, setWorkload, WORKLOAD_IDS, 'workload')}
      {select('Size', size, setSize, SIZES, 'size')}
      {select('Mount', mount, setMount, MOUNT_KINDS, 'mount')}
      {text('Filesystem type (optional)', fsType, setFsType, 100, 'fs-type')}
      {text('Machine name (optional)', machineLabel, setMachineLabel, 200, 'machine-label')}
      <div className="actions">
        <button type="submit" disabled={!backendLabel.trim()} data-testid="hyperfine-import">
          Import hyperfine results
        </button>
        <button type="button" onClick={onCancel} data-testid="hyperfine-cancel">
          Cancel
        </button>
      </div>
    </form>
  );
}
