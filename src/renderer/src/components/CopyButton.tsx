// Copies a command or a snippet, and says whether it worked (clipboard access can be refused).
import { useState } from 'react';

export function CopyButton({
  text,
  label = 'Copy',
  testId,
}: {
  text: string;
  label?: string;
  testId?: string;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <button
      type="button"
      className="quiet small"
      data-testid={testId}
      data-no-export="true"
      onClick={() => void copy()}
    >
      <span aria-live="polite">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed: select the text instead' : label}
      </span>
    </button>
  );
}
