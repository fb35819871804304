import { Component, type ReactNode } from 'react';
import { ErrorState } from '../ui/ErrorState';

interface State {
  failed: boolean;
}

/** Keeps a crashing or unloadable panel inside its frame instead of taking the whole screen down. */
export class PanelErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('Panel failed', error);
  }

  override render() {
    if (this.state.failed) {
      return <ErrorState message="This panel could not be shown." onRetry={() => this.setState({ failed: false })} />;
    }
    return this.props.children;
  }
}
