import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { Center, Spinner } from '@chakra-ui/react';
import { useUser } from '../features/auth/api';

export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Center minH="50vh" role="status" aria-label={label}>
      <Spinner size="xl" color="brand.solid" borderWidth="3px" />
    </Center>
  );
}

/** A spinner while the session loads; signed-out visitors go to /auth (SPEC §2). */
export function ProtectedRoute({ children }: { children?: ReactNode }) {
  const { user, isLoading } = useUser();
  const location = useLocation();
  if (isLoading) return <PageSpinner label="Loading your session" />;
  if (!user) return <Navigate to="/auth" replace state={{ from: location.pathname + location.search }} />;
  return children ? <>{children}</> : <Outlet />;
}
