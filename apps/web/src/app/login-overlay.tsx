import { LoginModal } from '../features/accounts/components/login-modal';
import { QueryProvider } from '../lib/query-provider';

export function LoginOverlay({ redirectUrl }: { redirectUrl: string | null }) {
  return (
    <QueryProvider>
      <LoginModal redirectUrl={redirectUrl} />
    </QueryProvider>
  );
}
