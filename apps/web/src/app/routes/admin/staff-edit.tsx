import toast from 'react-hot-toast';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { UserSchema } from '@visa/shared/users';
import { STAFF } from '@visa/shared/staff-account-texts';
import { paths } from '../../../config/paths';
import { useMe } from '../../../features/auth/api/get-me';
import { RequireRole } from '../../../features/auth/components/require-role';
import { EditStaffAccountForm } from '../../../features/staff-accounts/components/edit-staff-account-form';
import { FormCard } from '../../../components/form-card';

export function meta() {
  return [{ title: 'Edit Admin | Canada Visa Desk' }];
}

/**
 * Editing a staff account works on the {_id, name, email, role} passed along from the list;
 * without it (a typed URL, a bookmark) there is nothing to edit, so back to the list. The browser
 * keeps navigation state across a reload, so reloading this page keeps working.
 */
export default function StaffEditPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const me = useMe();
  const state = UserSchema.safeParse(location.state);
  if (!state.success) return <Navigate to={paths.staffList} replace />;
  const account = state.data;
  return (
    <>
      <h1 className="h3 mb-3">Edit Admin</h1>
      <RequireRole role="superadmin">
        <FormCard>
          <EditStaffAccountForm
            key={account._id}
            account={account}
            isSelf={me.data?._id === account._id}
            onSaved={() => {
              toast.success(STAFF.updated);
              navigate(paths.staffList);
            }}
          />
        </FormCard>
      </RequireRole>
    </>
  );
}
