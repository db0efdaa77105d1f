import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { BREAKPOINTS } from '@visa/shared/constants';
import type { SessionEndReason } from '@visa/shared/session-rules';
import { ROLE_LABELS, STAFF } from '@visa/shared/staff-account-texts';
import { StaffFooter } from '../../../components/layout/staff-footer';
import { StaffSidebar } from '../../../components/layout/staff-sidebar';
import { paths } from '../../../config/paths';
import { meQueryOptions, useMe } from '../../../features/auth/api/get-me';
import { useLogout } from '../../../features/auth/api/logout';
import { useDocumentsToReview } from '../../../features/applications/api/documents-to-review';
import { useIdleMonitor } from '../../../features/auth/hooks/use-idle-monitor';
import { useSessionCheck } from '../../../features/auth/hooks/use-session-check';
import { loginPathFor } from '../../../features/auth/lib/session-end';
import { setSignedOutHandler } from '../../../lib/api-client';
import { hasToken } from '../../../lib/auth-storage';
import { LoadingStatus } from '../../../components/loading-status';
import { LOADING } from '@visa/shared/staff-texts';

// Only an account signed in with an earlier app's weak password sees it: its form (and the form
// library) load then, not with every staff page.
const ChoosePassword = lazy(() =>
  import('../../../features/staff-accounts/components/choose-password').then((m) => ({ default: m.ChoosePassword })),
);

// Shown only a minute before the idle limit: the dialog library loads then, not with every staff page.
const IdleWarningDialog = lazy(() =>
  import('../../../features/auth/components/idle-warning-dialog').then((m) => ({ default: m.IdleWarningDialog })),
);

const isNarrow = () => typeof window !== 'undefined' && window.innerWidth < BREAKPOINTS.lg;

/** Below lg the menu is an overlay over the page (docs/product.md#navigation); follows window resizes. */
function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(isNarrow);
  useEffect(() => {
    const query = window.matchMedia?.(`(max-width: ${BREAKPOINTS.lg - 0.02}px)`);
    if (!query) return;
    const update = () => setNarrow(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return narrow;
}

/**
 * Every staff page: without a stored token, off to sign-in, remembering where the user was going
 * (docs/product.md#staff-pages); the sidebar (open on wide screens, closed on phones); the
 * 60-second session check (docs/product.md#sign-in-and-accounts); the warning a minute before the
 * idle limit; and, when the session ends or cannot be renewed, the login page saying why and
 * remembering the page (ADR 0018), not a hard reload.
 */
export default function StaffLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(() => !isNarrow());
  const narrow = useNarrow();
  const overlay = narrow && open;
  const toggleRef = useRef<HTMLButtonElement>(null);
  const signedIn = hasToken();
  const me = useMe(signedIn);
  // The sidebar's badge (ADR 0069): once the account is known and may work, after the page's own
  // first requests. The dashboard's figure is the same query, so there it costs nothing more; the
  // frame stays mounted across pages, so elsewhere it is one small request per load of the app.
  const documentsWaiting = useDocumentsToReview(Boolean(me.data) && !me.data?.mustChangePassword).data?.applications;
  const queryClient = useQueryClient();
  const logout = useLogout();
  // While signing out the token disappears before the trip home: don't bounce to /login meanwhile.
  const [leaving, setLeaving] = useState(false);
  const here = location.pathname + location.search;
  // Read through a ref so the callback (and the 60-second timer that holds it) survives navigation.
  const hereRef = useRef(here);
  useEffect(() => {
    hereRef.current = here;
  }, [here]);

  const toLogin = useCallback(
    (reason: SessionEndReason) => {
      // The token is often gone already, and the login page's modules may still be loading (a staff
      // page opened by a full load, as after signing in on the islands page): no bare /login meanwhile.
      setLeaving(true);
      navigate(loginPathFor(paths.login, reason), { replace: true, state: { from: hereRef.current } });
    },
    [navigate],
  );
  const idle = useIdleMonitor(signedIn && !leaving, toLogin);
  const { announceEnded } = idle;
  // This tab learnt that the session ended: every other staff tab goes to the login page too.
  const ended = useCallback(
    (reason: SessionEndReason) => {
      announceEnded(reason);
      toLogin(reason);
    },
    [announceEnded, toLogin],
  );
  // The marker cookie lives until the session's absolute end.
  const cookieGone = useCallback(() => ended('expired'), [ended]);
  useSessionCheck(cookieGone);
  useEffect(() => {
    setSignedOutHandler(ended);
  }, [ended]);
  const signOut = () => {
    setLeaving(true);
    logout.mutate(undefined, { onSettled: () => ended('signed-out') });
  };

  // On a phone the open menu covers the page: close it once the user has picked a page.
  useEffect(() => {
    if (isNarrow()) setOpen(false);
  }, [location.pathname]);

  // The phone menu is modal: Escape closes it, and focus goes back to the button that opened it.
  // The toggle sits in the page, which is inert until the menu has closed: focus it after that render.
  const returnFocus = useRef(false);
  const closeOverlay = useCallback(() => {
    returnFocus.current = true;
    setOpen(false);
  }, []);
  useEffect(() => {
    if (overlay || !returnFocus.current) return;
    returnFocus.current = false;
    toggleRef.current?.focus();
  }, [overlay]);
  useEffect(() => {
    if (!overlay) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') closeOverlay();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [overlay, closeOverlay]);

  if (!signedIn && !leaving) {
    return <Navigate to={paths.login} replace state={{ from: here }} />;
  }
  // An earlier app's password that breaks the rule: a new one first, and nothing else until then.
  if (me.data?.mustChangePassword) {
    return (
      <>
        <Suspense fallback={<LoadingStatus>{LOADING.generic}</LoadingStatus>}>
          <ChoosePassword
            user={me.data}
            onSaved={(saved) => {
              queryClient.setQueryData(meQueryOptions().queryKey, saved);
              toast.success(STAFF.profileUpdated);
            }}
            signingOut={logout.isPending}
            onSignOut={signOut}
          />
        </Suspense>
        {idle.warning && !leaving && (
          <Suspense fallback={null}>
            <IdleWarningDialog show staying={idle.staying} onStay={() => void idle.stay()} onSignOut={signOut} />
          </Suspense>
        )}
      </>
    );
  }
  return (
    <div className="staff-shell">
      <StaffSidebar
        open={open}
        onClose={overlay ? closeOverlay : undefined}
        user={me.data}
        signingOut={logout.isPending}
        onLogout={signOut}
        documentsWaiting={documentsWaiting}
      />
      {overlay && <div className="staff-backdrop" aria-hidden="true" onClick={closeOverlay} />}
      {/* While the phone menu covers the page, the page behind it cannot be reached (focus stays in the menu). */}
      <div className="staff-content" inert={overlay}>
        <header className="d-flex align-items-center gap-2 bg-white border-bottom px-3 py-2 no-print">
          <button
            ref={toggleRef}
            type="button"
            className="btn btn-outline-secondary btn-sm"
            aria-controls="staff-sidebar"
            aria-expanded={open}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? 'Hide menu' : 'Show menu'}
          </button>
          {/* One line on a phone (the name; the rest is read out but not shown there), so the header
              keeps its height when the account arrives and the page below does not jump. */}
          {me.data && (
            <span className="ms-auto small text-truncate" data-testid="header-user">
              <span className="wide-only">Signed in as </span>
              <strong>{me.data.name}</strong>
              <span className="wide-only"> ({ROLE_LABELS[me.data.role]})</span>
            </span>
          )}
        </header>
        <main className="p-3 p-md-4" id="main">
          <Outlet />
        </main>
        <StaffFooter />
      </div>
      {idle.warning && !leaving && (
        <Suspense fallback={null}>
          <IdleWarningDialog show staying={idle.staying} onStay={() => void idle.stay()} onSignOut={signOut} />
        </Suspense>
      )}
    </div>
  );
}
