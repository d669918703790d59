import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigation } from 'react-router-dom';
import { Center, Spinner } from '@chakra-ui/react';
import { useUser } from '../lib/auth';

export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Center minH="50vh" role="status" aria-label={label}>
      <Spinner size="xl" color="brand.solid" borderWidth="3px" />
    </Center>
  );
}

/**
 * A spinner while the session loads; signed-out visitors go to /auth (SPEC §2).
 *
 * Not while the router is taking the visitor elsewhere: Logout navigates home and then ends the
 * session, and the router commits the home page in a React transition, which clearing the user
 * (an urgent update) can overtake. This screen then renders once more, signed out, on its way
 * out, and a redirect from here would land the visitor on /auth instead of the home page.
 */
export function ProtectedRoute({ children }: { children?: ReactNode }) {
  const { user, isLoading } = useUser();
  const location = useLocation();
  const navigation = useNavigation();
  if (isLoading) return <PageSpinner label="Loading your session" />;
  if (!user && navigation.state !== 'idle') return <PageSpinner />;
  if (!user) return <Navigate to="/auth" replace state={{ from: location.pathname + location.search }} />;
  return children ? <>{children}</> : <Outlet />;
}
