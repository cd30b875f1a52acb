import { BrowserRouter } from 'react-router';
import { AppShell } from './app-shell';
import { ErrorBoundary } from './error-boundary';

export function App() {
  return (
    <ErrorBoundary>
      <BrowserRouter>
        <AppShell />
      </BrowserRouter>
    </ErrorBoundary>
  );
}
