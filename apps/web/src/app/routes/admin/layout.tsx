import { useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { BREAKPOINTS } from '@visa/shared/constants';
import { ROLE_LABELS } from '@visa/shared/users';
import { StaffSidebar } from '../../../components/layout/staff-sidebar';
import { paths } from '../../../config/paths';
import { useMe } from '../../../features/auth/api/get-me';
import { useLogout } from '../../../features/auth/api/logout';
import { useSessionCheck } from '../../../features/auth/hooks/use-session-check';
import { setSignedOutHandler } from '../../../lib/api-client';
import { hasToken } from '../../../lib/auth-storage';

const isNarrow = () => typeof window !== 'undefined' && window.innerWidth < BREAKPOINTS.lg;

/**
 * Every staff page: without a stored token, off to sign-in, remembering where the user was going
 * (docs/product.md#staff-pages); the sidebar (open on wide screens, closed on phones); the
 * 60-second session check (docs/product.md#sign-in-and-accounts); and a sign-in prompt, not a
 * hard reload, when the session cannot be renewed.
 */
export default function StaffLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(() => !isNarrow());
  const signedIn = hasToken();
  const me = useMe(signedIn);
  const logout = useLogout();
  // While signing out the token disappears before the trip home: don't bounce to /login meanwhile.
  const [leaving, setLeaving] = useState(false);
  const here = location.pathname + location.search;
  // Read through a ref so the callback (and the 60-second timer that holds it) survives navigation.
  const hereRef = useRef(here);
  useEffect(() => {
    hereRef.current = here;
  }, [here]);

  const toLogin = useCallback(() => navigate(paths.login, { replace: true, state: { from: hereRef.current } }), [navigate]);
  useSessionCheck(toLogin);
  useEffect(() => {
    setSignedOutHandler(toLogin);
  }, [toLogin]);

  // On a phone the open menu covers the page: close it once the user has picked a page.
  useEffect(() => {
    if (isNarrow()) setOpen(false);
  }, [location.pathname]);

  if (!signedIn && !leaving) {
    return <Navigate to={paths.login} replace state={{ from: here }} />;
  }
  return (
    <div className="staff-shell">
      <StaffSidebar
        open={open}
        user={me.data}
        signingOut={logout.isPending}
        onLogout={() => {
          setLeaving(true);
          logout.mutate(undefined, { onSettled: () => navigate(paths.home, { replace: true }) });
        }}
      />
      <div className="staff-content">
        <header className="d-flex align-items-center gap-2 bg-white border-bottom px-3 py-2 no-print">
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            aria-controls="staff-sidebar"
            aria-expanded={open}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? 'Hide menu' : 'Show menu'}
          </button>
          {me.data && (
            <span className="ms-auto small" data-testid="header-user">
              Signed in as <strong>{me.data.name}</strong> ({ROLE_LABELS[me.data.role]})
            </span>
          )}
        </header>
        <main className="p-3 p-md-4" id="main">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
