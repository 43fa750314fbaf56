// Shown when no engine answers: what to start, and that the host baseline still runs.
import { ENGINE_START_HINTS } from '../lib/machine-words';
import { CopyButton } from './CopyButton';

export function NoEngineHelp({ found }: { found: number }) {
  return (
    <div className="callout" data-testid="no-engine-help">
      <p>
        <strong>{found ? 'No engine answers.' : 'No Docker engine found.'}</strong> Start one of these, then
        press &ldquo;Look again&rdquo;:
      </p>
      <ul className="plain">
        {ENGINE_START_HINTS.map((hint) => (
          <li key={hint.product}>
            <strong>{hint.product}</strong>: {hint.how}{' '}
            {hint.command && (
              <>
                <code>{hint.command}</code> <CopyButton text={hint.command} />
              </>
            )}
          </li>
        ))}
      </ul>
      <p className="note">
        Meanwhile the host baseline (the workloads on this machine, no container) can still run.
      </p>
    </div>
  );
}
