// History's "Publish to the team dataset": where to, then exactly what will be shared (every file
// as it will be written, from the core's preview), then the send. Nothing is sent before the
// preview of these runs and this label has been shown (publish-store.ts).
import type { FormEvent } from 'react';
import { previewMatches } from '../stores/publish-store';
import { useSlice, useStores } from '../stores/StoresContext';

export function PublishPanel({ runIds }: { runIds: string[] }) {
  const stores = useStores();
  const state = useSlice(
    (s) => s.publish,
    (s) => s,
  );
  const ready = previewMatches(state, runIds);
  const busy = state.status === 'previewing' || state.status === 'publishing';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void (ready ? state.publish(runIds) : state.showPreview(runIds));
  };
  return (
    <form className="card publish-panel" onSubmit={submit} data-testid="publish-panel">
      <h3>Publish to the team dataset</h3>
      <p className="note">
        Shared: the machine&apos;s chip, cores, memory and macOS version, the product, its version and
        setting, the workloads and their figures. Never a path, a host name, a user name or a project
        folder&apos;s name; a label only if you type one (docs/team.md).
      </p>
      <label>
        Dataset{' '}
        <input
          type="text"
          size={50}
          value={state.to}
          placeholder="git@github.com:team/app.git, or a folder"
          onChange={(e) => stores.publish.getState().setTo(e.target.value)}
          data-testid="publish-to"
        />
      </label>{' '}
      <label>
        Branch{' '}
        <input
          type="text"
          size={18}
          value={state.branch}
          placeholder="mountbench-data"
          onChange={(e) => stores.publish.getState().setBranch(e.target.value)}
          data-testid="publish-branch"
        />
      </label>{' '}
      <label>
        Label (optional){' '}
        <input
          type="text"
          size={20}
          value={state.label}
          onChange={(e) => stores.publish.getState().setLabel(e.target.value)}
          data-testid="publish-label"
        />
      </label>
      <div className="toolbar">
        <button
          type="submit"
          className="primary"
          disabled={busy || runIds.length === 0}
          data-testid="publish-go"
        >
          {state.status === 'previewing'
            ? 'Reading…'
            : state.status === 'publishing'
              ? 'Publishing…'
              : ready
                ? `Publish ${runIds.length} ${runIds.length === 1 ? 'run' : 'runs'}`
                : 'Show what will be shared'}
        </button>
      </div>
      {state.error && (
        <p className="callout error" role="alert" data-testid="publish-error">
          {state.error}
        </p>
      )}
      {ready && state.preview && (
        <div data-testid="publish-preview">
          <p>
            {state.preview.files.length} {state.preview.files.length === 1 ? 'file' : 'files'}, exactly as
            they will be written:
          </p>
          {state.preview.files.map((file) => (
            <details key={file.path} data-testid="publish-preview-file" data-path={file.path}>
              <summary>
                <code>{file.path}</code> ({Math.ceil(file.text.length / 1024)} KB)
              </summary>
              <pre className="publish-bytes">{file.text}</pre>
            </details>
          ))}
          {state.preview.files.some((f) => f.path.includes('<new>')) && (
            <p className="note" data-testid="publish-new-machine">
              &lt;new&gt; is this machine&apos;s id in the dataset: a random one, made at its first publish.
            </p>
          )}
        </div>
      )}
      {state.status === 'done' && state.outcome && (
        <p className="callout" role="status" data-testid="publish-outcome">
          {state.outcome.files.filter((f) => f.status === 'published').length} published,{' '}
          {state.outcome.files.filter((f) => f.status === 'already-published').length} already there, to{' '}
          <code>{state.outcome.dataset}</code>
          {state.outcome.commit ? ` (commit ${state.outcome.commit.slice(0, 7)})` : ''} as machine{' '}
          <code>{state.outcome.machineId}</code>.
        </p>
      )}
    </form>
  );
}
