import { useEffect, useRef } from 'react';
import { Link, NavLink } from 'react-router';
import { DOCUMENTS_WAITING, HELD_PASSPORTS_NAV, MY_WORK_TILE, REPORTS_NAV } from '@visa/shared/staff-texts';
import type { User } from '@visa/shared/users';
import { ROLE_LABELS } from '@visa/shared/staff-account-texts';
import { paths } from '../../config/paths';
import { documentsWaitingPath } from '../../config/staff-links';
import { useAfterLoad } from '../../lib/use-after-load';

interface Props {
  open: boolean;
  user: User | undefined;
  onLogout: () => void;
  signingOut?: boolean;
  /** Set while the menu is an overlay (phones): a Close button, and focus moves into the menu when it opens. */
  onClose?: () => void;
  /** How many applications have files waiting for review (ADR 0069), once known. */
  documentsWaiting?: number;
}

/**
 * The staff sidebar (docs/product.md#navigation). The Sub-admin group is for super-admins only
 * (docs/product.md#who-uses-it); it stays hidden until the signed-in role is known, so a sub-admin
 * never sees it flash. Closed (a phone's first sight), it is drawn once the page is: its links are a
 * good part of the first render's work, and nobody sees them before the menu opens.
 */
export function StaffSidebar({ open, user, onLogout, signingOut, onClose, documentsWaiting }: Props) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const overlay = Boolean(onClose);
  const drawn = useAfterLoad();
  useEffect(() => {
    if (overlay) closeRef.current?.focus();
  }, [overlay]);
  return (
    <nav
      id="staff-sidebar"
      className={`staff-sidebar${open ? '' : ' closed'}${overlay ? ' overlay' : ''}`}
      aria-label="Staff"
      aria-hidden={!open}
      inert={!open}
    >
      {onClose && (
        <button ref={closeRef} type="button" className="btn btn-sm btn-outline-light m-2 float-end" onClick={onClose}>
          Close menu
        </button>
      )}
      {(open || drawn) && <SidebarLinks {...{ user, onLogout, signingOut, documentsWaiting }} />}
    </nav>
  );
}

/** The menu's contents: the account, the pages by group, Logout. */
function SidebarLinks({ user, onLogout, signingOut = false, documentsWaiting = 0 }: Omit<Props, 'open' | 'onClose'>) {
  return (
    <>
      <div className="p-3 border-bottom border-secondary">
        <div className="fw-bold">Canada Visa Desk</div>
        {user && (
          <div className="small mt-1" data-testid="signed-in-user">
            <span className="d-block text-white">{user.name}</span>
            <span style={{ color: '#9ca3af' }}>{ROLE_LABELS[user.role]}</span>
          </div>
        )}
      </div>
      <NavLink to={paths.dashboard}>Dashboard</NavLink>
      <NavLink to={paths.myWork}>{MY_WORK_TILE.title}</NavLink>
      {user?.role === 'superadmin' && (
        <>
          <p className="group-title">Sub-admin</p>
          <NavLink to={paths.staffList}>Admin List</NavLink>
          <NavLink to={paths.staffNew}>Add Admin</NavLink>
          <NavLink to={paths.reports}>{REPORTS_NAV}</NavLink>
        </>
      )}
      <p className="group-title">Application</p>
      <NavLink to={paths.applicationList}>Application List</NavLink>
      {user && <DocumentsWaitingLink waiting={documentsWaiting} />}
      <NavLink to={paths.applicationNew}>Add Application</NavLink>
      <NavLink to={paths.heldPassports}>{HELD_PASSPORTS_NAV}</NavLink>
      <p className="group-title">Approved</p>
      <NavLink to={paths.slideList}>Slider List</NavLink>
      <NavLink to={paths.slideNew}>Add Slider</NavLink>
      <p className="group-title">Super-admin</p>
      <NavLink to={paths.profile}>Profile</NavLink>
      <NavLink to={paths.settings}>Settings</NavLink>
      <button type="button" className="link" onClick={onLogout} disabled={signingOut}>
        Logout
      </button>
    </>
  );
}

/** How many applications have files waiting for review, leading to them (ADR 0069). */
function DocumentsWaitingLink({ waiting }: { waiting: number }) {
  return (
    <Link to={documentsWaitingPath} data-testid="documents-waiting-link">
      {DOCUMENTS_WAITING.navLabel}
      {waiting > 0 && (
        <>
          <span className="visually-hidden">: {DOCUMENTS_WAITING.badge(waiting)}</span>{' '}
          <span className="badge rounded-pill text-bg-warning" aria-hidden="true">
            {waiting}
          </span>
        </>
      )}
    </Link>
  );
}
