import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { trpc } from '@blog/web/data';
import { ErrorRetry, Spinner } from '@blog/web/ui';
import { authName } from '../auth/auth-storage';

/**
 * The admin check, decided by the server from the session: a centred spinner while
 * it runs, then the children for an administrator; a visitor without a session goes to /login,
 * a signed-in non-admin to /.
 */
export function AdminGuard({ children }: { children: (name: string) => ReactNode }) {
  const navigate = useNavigate();
  const check = trpc.auth.adminCheck.useQuery(undefined, { staleTime: 0 });
  const data = check.data;

  useEffect(() => {
    if (!data || data.is_admin === 1) return;
    if (!data.name) authName.clear();
    navigate(data.name ? '/' : '/login', { replace: true });
  }, [data, navigate]);

  if (check.isError) return <ErrorRetry onRetry={() => void check.refetch()} />;
  if (!data || data.is_admin !== 1) return <Spinner label="Checking your session…" />;
  return <>{children(data.name)}</>;
}
