import { Component, type ErrorInfo, type ReactNode } from 'react';
import { UnexpectedErrorPage } from '../ui/error-pages';
import { reportClientError } from '../lib/client-log';

interface State {
  error: Error | null;
}

/** Shows the 'other' error page for a render error and reports it to the collector. */
/** With `fallback` (e.g. `null` for optional shell pieces) it shows that instead of the page. */
export class ErrorBoundary extends Component<{ children: ReactNode; fallback?: ReactNode }, State> {
  // Set in the constructor, not as a class field: a field costs the entry chunk the
  // defineProperty helpers of the es2020 build target (ADR 004).
  constructor(props: { children: ReactNode; fallback?: ReactNode }) {
    super(props);
    this.state = { error: null };
  }

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
    if (error && this.props.fallback !== undefined) return this.props.fallback;
    if (error)
      return (
        <UnexpectedErrorPage
          details={`${new Date().toISOString()} ${location.pathname}\n${error.name}: ${error.message}`}
        />
      );
    return this.props.children;
  }
}
