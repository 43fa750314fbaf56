// Import a colleague's result file: a file picker, or a file dropped on the zone. The core
// validates it; a bad file's message is shown as the core wrote it.
import { useState, type DragEvent } from 'react';
import { errorMessage } from '../lib/error-message';
import { readFileText } from '../lib/read-file';

interface Props {
  status: { kind: 'idle' | 'reading' | 'imported' | 'error'; message: string | null };
  /** `lastModified`: the file's own time, which a hyperfine import keeps as the run's date. */
  onFile(fileName: string, text: string, lastModified: number): void;
}

export function ImportPanel({ status, onFile }: Props) {
  const [over, setOver] = useState(false);
  const [unreadable, setUnreadable] = useState<string | null>(null);
  const read = async (file: File | undefined) => {
    if (!file) return;
    setUnreadable(null);
    try {
      onFile(file.name, await readFileText(file), file.lastModified);
    } catch (err) {
      setUnreadable(`${file.name} could not be read: ${errorMessage(err)}`);
    }
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void read(event.dataTransfer.files[0]);
  };
  return (
    <div
      className={`drop-zone ${over ? 'over' : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      data-testid="import-drop"
    >
      <label className="file-label">
        <span>Import a result file or a hyperfine export (.json)</span>
        <input
          type="file"
          accept=".json,application/json"
          data-testid="import-input"
          onChange={(e) => {
            void read(e.target.files?.[0]);
            // The same file can be picked again after fixing it.
            e.target.value = '';
          }}
        />
      </label>
      <p className="note">or drop it here. Files from colleagues stay on this machine.</p>
      {(unreadable || status.kind === 'error') && (
        <p className="problem" role="alert" data-testid="import-error">
          {unreadable ?? status.message}
        </p>
      )}
      {(status.kind === 'imported' || status.kind === 'reading') && (
        <p className="note" role="status" data-testid="import-status">
          {status.message}
        </p>
      )}
    </div>
  );
}
