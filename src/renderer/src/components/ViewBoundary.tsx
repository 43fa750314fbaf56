// A view that throws while rendering shows what happened instead of a blank window, and the other
// views keep working.
import { Component, type ReactNode } from 'react';
import { errorMessage } from '../lib/error-message';

interface State {
  error: unknown;
}

export class ViewBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  render() {
    if (this.state.error === null) return this.props.children;
    return (
      <div className="callout error" role="alert" data-testid="view-crash">
        <p>
          <strong>This view failed to draw:</strong> {errorMessage(this.state.error)}
        </p>
        <button type="button" onClick={() => this.setState({ error: null })}>
          Try again
        </button>
      </div>
    );
  }
}
