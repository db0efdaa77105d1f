import { useCallback, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useMe } from '../../../features/auth/api/get-me';
import { useLogout } from '../../../features/auth/api/logout';
import { useSessionCheck } from '../../../features/auth/hooks/use-session-check';
import { StaffSidebar } from '../../../components/layout/staff-sidebar';
import { hasToken } from '../../../lib/auth-storage';

/** Every staff page: redirect to sign-in without a token (spec §2), sidebar, session check. */
export default function StaffLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(true);
  const signedIn = hasToken();
  const me = useMe(signedIn);
  const logout = useLogout();
  const toLogin = useCallback(() => navigate(paths.login, { replace: true }), [navigate]);
  useSessionCheck(toLogin);

  if (!signedIn) {
    return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;
  }
  return (
    <div className="staff-shell">
      <StaffSidebar
        open={open}
        user={me.data}
        onLogout={() => logout.mutate(undefined, { onSettled: () => navigate(paths.home, { replace: true }) })}
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
          {me.data && <span className="ms-auto small">Signed in as {me.data.name}</span>}
        </header>
        <main className="p-3 p-md-4" id="main">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
