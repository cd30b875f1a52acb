import { Component, type ErrorInfo, type ReactNode } from 'react';
import { UnexpectedErrorPage } from '../features/errors/error-pages';
import { reportClientError } from '../lib/client-log';

interface State {
  error: Error | null;
}

/** Shows the 'other' error page for a render error and reports it to the collector. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    reportClientError({
      kind: 'render',
      message: error.message,
      stack: `${error.stack ?? ''}\n${info.componentStack ?? ''}`,
    });
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error)
      return (
        <UnexpectedErrorPage
          details={`${new Date().toISOString()} ${location.pathname}\n${error.name}: ${error.message}`}
        />
      );
    return this.props.children;
  }
}
