import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RouteError } from './route-error';

interface Props {
  children: ReactNode;
}

interface State {
  failed: boolean;
}

// Also catches a page chunk that failed to load, typically after a new release replaced it.
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Page failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
