import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { clearRedirectHint, lastSessionEndReason, peekRedirectHint, useSession } from '@/shared/session';

export const SIGNED_IN_HOME = '/user-dashboard';
export const SIGNED_OUT_HOME = '/home';

/** `/`: signed in → /user-dashboard, signed out → /home. */
export function StartRedirect() {
  const { signedIn } = useSession();
  return <Navigate to={signedIn ? SIGNED_IN_HOME : SIGNED_OUT_HOME} replace />;
}

interface FromState {
  from?: { pathname: string; search?: string; hash?: string };
}

/**
 * Protected routes: a signed-out visitor is sent to /login, remembering where they wanted to go,
 * unless they have just logged out on purpose (the next person starts at the dashboard).
 */
export function ProtectedRoute() {
  const { signedIn } = useSession();
  const location = useLocation();
  useEffect(() => {
    if (signedIn) clearRedirectHint();
  }, [signedIn]);
  if (!signedIn) {
    if (lastSessionEndReason() === 'logout') return <Navigate to="/login" replace />;
    return <Navigate to="/login" replace state={{ from: location } satisfies FromState} />;
  }
  return <Outlet />;
}

/**
 * /login, /register, /reset-password: a signed-in visitor goes to /user-dashboard, or to where a
 * fresh sign-in asked to go (e.g. /user-dashboard?first_login=true after registration).
 */
export function PublicOnlyRoute() {
  const { signedIn } = useSession();
  const location = useLocation();
  if (signedIn) {
    const from = (location.state as FromState | null)?.from;
    const fromPath = from ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : null;
    return <Navigate to={peekRedirectHint() ?? fromPath ?? SIGNED_IN_HOME} replace />;
  }
  return <Outlet />;
}
