// Failures the user should know about, in the core's own words, until dismissed.
import { useStores, useSlice } from '../stores/StoresContext';

export function ErrorBanner() {
  const notices = useSlice(
    (s) => s.notices,
    (s) => s.notices,
  );
  const { notices: store } = useStores();
  if (notices.length === 0) return null;
  return (
    <div className="error-banner" role="alert" data-testid="error-banner">
      {notices.map((notice) => (
        <div key={notice.id} className="error-banner-item">
          <p data-testid="error-message">
            <strong>{notice.context}:</strong> {notice.message}
          </p>
          <button
            type="button"
            className="quiet"
            data-testid={`error-dismiss-${notice.id}`}
            onClick={() => store.getState().dismiss(notice.id)}
          >
            Dismiss
          </button>
        </div>
      ))}
    </div>
  );
}
