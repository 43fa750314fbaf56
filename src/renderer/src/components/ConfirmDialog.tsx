// A modal question before something that restarts a product: what will happen, then Confirm or
// Cancel. Cancel is focused first, so Enter never restarts anything by accident.
import { useEffect, useRef, type ReactNode } from 'react';

interface Props {
  title: string;
  testId: string;
  confirmLabel: string;
  /** While the action runs: both buttons wait. */
  busy?: boolean;
  /** Set when the action cannot go ahead (a blocker): only Cancel is offered. */
  refused?: boolean;
  children: ReactNode;
  onConfirm(): void;
  onCancel(): void;
}

export function ConfirmDialog({
  title,
  testId,
  confirmLabel,
  busy,
  refused,
  children,
  onConfirm,
  onCancel,
}: Props) {
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  return (
    <div className="dialog-backdrop">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${testId}-title`}
        className="dialog"
        data-testid={testId}
      >
        <h2 id={`${testId}-title`}>{title}</h2>
        {children}
        <div className="dialog-buttons">
          <button
            ref={cancel}
            type="button"
            disabled={busy}
            onClick={onCancel}
            data-testid={`${testId}-cancel`}
          >
            Cancel
          </button>
          {!refused && (
            <button
              type="button"
              className="primary"
              disabled={busy}
              onClick={onConfirm}
              data-testid={`${testId}-confirm`}
            >
              {confirmLabel}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
